// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title A test token seeded on Latchkey's local EVM devnets (USDC-like and WETH-like).
/// @notice Deployed when a local devnet first starts, by a fixed devnet-only deployer key at fixed
///         nonces, so its address is the same on every machine. Only that deployer (the local
///         faucet) can mint. Never deployed to a real network.
contract SeededToken is ERC20 {
    uint8 private immutable _decimals;
    address public immutable faucet;

    error NotFaucet(address caller);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) ERC20(name_, symbol_) {
        _decimals = decimals_;
        faucet = msg.sender;
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    function mint(address to, uint256 amount) external {
        if (msg.sender != faucet) revert NotFaucet(msg.sender);
        _mint(to, amount);
    }
}
