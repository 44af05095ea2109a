// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title Test only: an ERC-20 whose transfers call back into a contract, as a hostile token would.
/// @notice `arm(target, data)` makes the next transfer call `target` with `data` in the middle of
///         the transfer and record how that call ended, so a test can see the re-entry refused.
///         Anyone may mint. Never deployed outside tests.
contract ReentrantToken is ERC20 {
    address public target;
    bytes public callData;
    bool public reentered;
    bool public reentrySucceeded;
    bytes public reentryRevert;

    constructor() ERC20("Reentrant", "REENTER") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function arm(address target_, bytes calldata data) external {
        target = target_;
        callData = data;
        reentered = false;
    }

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        address t = target;
        if (t == address(0) || from == address(0)) return;
        target = address(0);
        reentered = true;
        (bool ok, bytes memory result) = t.call(callData);
        reentrySucceeded = ok;
        reentryRevert = result;
    }
}
