// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC4626} from "@openzeppelin/contracts/interfaces/IERC4626.sol";
import {FeeSplitter, IFeeWrapper} from "./FeeSplitter.sol";
import {FeeWrapper} from "./FeeWrapper.sol";

/// @title Deploys a FeeWrapper and its FeeSplitter together, in one transaction.
/// @notice The operator and its fee are the factory's, set by its owner; each wrapper takes the
///         values current when it is deployed and keeps them forever (a new fee is a new wrapper).
contract FeeWrapperFactory is Ownable {
    address public operator;
    uint16 public operatorFeeBps;

    event OperatorFeeSet(address operator, uint16 operatorFeeBps);
    event WrapperDeployed(
        address indexed vault,
        address indexed wrapper,
        address splitter,
        address clientFeeWallet,
        uint16 clientFeeBps,
        uint16 operatorFeeBps,
        address controller
    );

    error OperatorFeeTooHigh(uint256 bps, uint256 cap);
    error ClientFeeTooHigh(uint256 bps, uint256 cap);

    constructor(address owner_, address operator_, uint16 operatorFeeBps_) Ownable(owner_) {
        _setOperatorFee(operator_, operatorFeeBps_);
    }

    function setOperatorFee(address operator_, uint16 operatorFeeBps_) external onlyOwner {
        _setOperatorFee(operator_, operatorFeeBps_);
    }

    function deploy(
        IERC4626 vault,
        address clientFeeWallet,
        uint16 clientFeeBps,
        address controller,
        string calldata name,
        string calldata symbol
    ) external returns (FeeWrapper wrapper, FeeSplitter splitter) {
        // The wrapper checks too; checked here first so the refusal is the factory's own error.
        uint16 clientCap = 4000; // FeeWrapper.MAX_CLIENT_FEE_BPS
        if (clientFeeBps > clientCap) revert ClientFeeTooHigh(clientFeeBps, clientCap);
        splitter = new FeeSplitter(clientFeeWallet, operator, clientFeeBps, operatorFeeBps);
        wrapper = new FeeWrapper(vault, address(splitter), controller, clientFeeBps, operatorFeeBps, name, symbol);
        splitter.bind(IFeeWrapper(address(wrapper)));
        emit WrapperDeployed(
            address(vault), address(wrapper), address(splitter), clientFeeWallet, clientFeeBps, operatorFeeBps, controller
        );
    }

    function _setOperatorFee(address operator_, uint16 operatorFeeBps_) internal {
        uint16 cap = 1000; // FeeWrapper.MAX_OPERATOR_FEE_BPS
        if (operatorFeeBps_ > cap) revert OperatorFeeTooHigh(operatorFeeBps_, cap);
        operator = operator_;
        operatorFeeBps = operatorFeeBps_;
        emit OperatorFeeSet(operator_, operatorFeeBps_);
    }
}
