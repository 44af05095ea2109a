// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title A stand-in for a lending protocol's ERC-4626 vault on Latchkey's local EVM devnets.
/// @notice Depositors' assets grow at a fixed annual rate with chain time (block.timestamp), so that
///         advancing a devnet's clock makes positions grow. The interest is paid out of a reserve:
///         tokens the vault holds beyond what depositors are owed (the devnet seeds it by minting
///         to the vault). Tokens sent to the vault directly join that reserve rather than the share
///         price, so a donation cannot move the price. Never deployed to a real network.
contract LocalYieldVault is ERC4626, Ownable, ReentrancyGuard {
    using SafeERC20 for IERC20;

    uint256 private constant YEAR = 365 days;

    /// @notice Simple annual rate in basis points, compounded whenever the vault is touched.
    uint256 public immutable rateBps;
    /// @notice What depositors were owed at `lastAccrual`.
    uint256 public accountedAssets;
    uint256 public lastAccrual;

    event Accrued(uint256 interest, uint256 accountedAssets);
    event LossRealized(uint256 assets);

    error LossExceedsAssets(uint256 loss, uint256 assets);

    constructor(IERC20 asset_, string memory name_, string memory symbol_, uint256 rateBps_, address owner_)
        ERC20(name_, symbol_)
        ERC4626(asset_)
        Ownable(owner_)
    {
        rateBps = rateBps_;
        lastAccrual = block.timestamp;
    }

    /// @notice Depositors' assets now: the accounted amount plus interest since, as far as the
    ///         reserve can pay it.
    function totalAssets() public view override returns (uint256) {
        return accountedAssets + _pendingInterest();
    }

    /// @notice Tokens held beyond what depositors are owed: what future interest is paid from.
    function reserve() external view returns (uint256) {
        return IERC20(asset()).balanceOf(address(this)) - totalAssets();
    }

    function deposit(uint256 assets, address receiver) public override nonReentrant returns (uint256) {
        _accrue();
        return super.deposit(assets, receiver);
    }

    function mint(uint256 shares, address receiver) public override nonReentrant returns (uint256) {
        _accrue();
        return super.mint(shares, receiver);
    }

    function withdraw(uint256 assets, address receiver, address owner) public override nonReentrant returns (uint256) {
        _accrue();
        return super.withdraw(assets, receiver, owner);
    }

    function redeem(uint256 shares, address receiver, address owner) public override nonReentrant returns (uint256) {
        _accrue();
        return super.redeem(shares, receiver, owner);
    }

    /// @notice Simulates a bad debt: depositors lose `assets`, sent to `to`. Owner only; it exists so
    ///         that tests and demonstrations can show what a loss in a protocol does to positions.
    function realizeLoss(uint256 assets, address to) external onlyOwner nonReentrant {
        _accrue();
        if (assets > accountedAssets) revert LossExceedsAssets(assets, accountedAssets);
        accountedAssets -= assets;
        IERC20(asset()).safeTransfer(to, assets);
        emit LossRealized(assets);
    }

    function _pendingInterest() internal view returns (uint256) {
        // A node may simulate a call at a timestamp before the latest block's (anvil does, when it has
        // mined blocks faster than one a second): no time has passed then, rather than an underflow.
        uint256 elapsed = block.timestamp > lastAccrual ? block.timestamp - lastAccrual : 0;
        uint256 interest = (accountedAssets * rateBps * elapsed) / (10_000 * YEAR);
        uint256 balance = IERC20(asset()).balanceOf(address(this));
        uint256 available = balance > accountedAssets ? balance - accountedAssets : 0;
        return interest < available ? interest : available;
    }

    function _accrue() internal {
        uint256 interest = _pendingInterest();
        accountedAssets += interest;
        lastAccrual = block.timestamp;
        if (interest > 0) emit Accrued(interest, accountedAssets);
    }

    function _deposit(address caller, address receiver, uint256 assets, uint256 shares) internal override {
        super._deposit(caller, receiver, assets, shares);
        accountedAssets += assets;
    }

    function _withdraw(address caller, address receiver, address owner, uint256 assets, uint256 shares)
        internal
        override
    {
        accountedAssets -= assets;
        super._withdraw(caller, receiver, owner, assets, shares);
    }

    /// @dev Virtual shares: a first depositor cannot inflate the share price against the next one.
    function _decimalsOffset() internal pure override returns (uint8) {
        return 6;
    }
}
