// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC4626} from "@openzeppelin/contracts/interfaces/IERC4626.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

interface IFeeWrapper is IERC4626 {
    function accrueFees() external returns (uint256);
    function pendingFeeShares() external view returns (uint256);
}

/// @title Holds one FeeWrapper's fee shares and pays them out between the client and the operator.
/// @notice A claim settles the wrapper's fee, redeems every fee share to the underlying asset and
///         pays the client's fee wallet and the operator in proportion to their bps. The client's
///         part is rounded up, so a remainder wei goes the client's way. Anyone may trigger a claim:
///         the payees are fixed at deployment.
contract FeeSplitter is ReentrancyGuard {
    using SafeERC20 for IERC20;

    /// @notice The factory that deployed this splitter; it binds the wrapper once.
    address public immutable deployer;
    address public immutable clientFeeWallet;
    address public immutable operator;
    uint16 public immutable clientFeeBps;
    uint16 public immutable operatorFeeBps;
    IFeeWrapper public wrapper;

    event FeesClaimed(uint256 shares, uint256 assets, uint256 clientAssets, uint256 operatorAssets);

    error NotDeployer(address caller);
    error AlreadyBound(address wrapper);
    error NotBound();

    constructor(address clientFeeWallet_, address operator_, uint16 clientFeeBps_, uint16 operatorFeeBps_) {
        deployer = msg.sender;
        clientFeeWallet = clientFeeWallet_;
        operator = operator_;
        clientFeeBps = clientFeeBps_;
        operatorFeeBps = operatorFeeBps_;
    }

    function bind(IFeeWrapper wrapper_) external {
        if (msg.sender != deployer) revert NotDeployer(msg.sender);
        if (address(wrapper) != address(0)) revert AlreadyBound(address(wrapper));
        wrapper = wrapper_;
    }

    /// @notice What a claim now would pay each side, in the underlying asset.
    function claimable() external view returns (uint256 clientAssets, uint256 operatorAssets) {
        IFeeWrapper w = _bound();
        return _split(w.previewRedeem(w.balanceOf(address(this)) + w.pendingFeeShares()));
    }

    function claim() external nonReentrant returns (uint256 clientAssets, uint256 operatorAssets) {
        IFeeWrapper w = _bound();
        w.accrueFees();
        uint256 shares = w.balanceOf(address(this));
        if (shares == 0) return (0, 0);
        uint256 assets = w.redeem(shares, address(this), address(this));
        (clientAssets, operatorAssets) = _split(assets);
        IERC20 token = IERC20(w.asset());
        if (clientAssets > 0) token.safeTransfer(clientFeeWallet, clientAssets);
        if (operatorAssets > 0) token.safeTransfer(operator, operatorAssets);
        emit FeesClaimed(shares, assets, clientAssets, operatorAssets);
    }

    function _split(uint256 assets) internal view returns (uint256 clientAssets, uint256 operatorAssets) {
        uint256 total = uint256(clientFeeBps) + operatorFeeBps;
        if (total == 0) return (0, assets);
        clientAssets = Math.mulDiv(assets, clientFeeBps, total, Math.Rounding.Ceil);
        operatorAssets = assets - clientAssets;
    }

    function _bound() internal view returns (IFeeWrapper w) {
        w = wrapper;
        if (address(w) == address(0)) revert NotBound();
    }
}
