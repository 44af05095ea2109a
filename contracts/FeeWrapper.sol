// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";
import {IERC4626} from "@openzeppelin/contracts/interfaces/IERC4626.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title An ERC-4626 vault over one underlying ERC-4626 vault that takes a fee from yield only.
/// @notice Deposits go straight into the underlying vault. Before every deposit, withdrawal and
///         fee claim, the yield earned since the high-water mark is accrued: wrapper shares worth
///         `yield × (clientFeeBps + operatorFeeBps) / 10000` are minted to the fee splitter, and the
///         mark moves up to the new total. Principal is never charged: after a loss, no fee is taken
///         until the assets are back above the mark. Deposits can be paused by the controller;
///         withdrawals never can. Every rounding goes the depositors' way.
contract FeeWrapper is ERC4626, ReentrancyGuard {
    using Math for uint256;
    using SafeERC20 for IERC20;

    uint16 public constant MAX_CLIENT_FEE_BPS = 4000;
    uint16 public constant MAX_OPERATOR_FEE_BPS = 1000;

    IERC4626 public immutable vault;
    /// @notice The FeeSplitter deployed with this wrapper: receives the fee shares.
    address public immutable feeRecipient;
    /// @notice The organization's controller: the only address that pauses and resumes deposits.
    address public immutable controller;
    uint16 public immutable clientFeeBps;
    uint16 public immutable operatorFeeBps;

    /// @notice Assets on which fees were last settled; scaled with each deposit and withdrawal.
    uint256 public highWaterMark;
    bool public depositsPaused;

    event FeesAccrued(uint256 yield, uint256 feeAssets, uint256 feeShares);
    event DepositsPausedSet(bool paused);

    error ClientFeeTooHigh(uint256 bps, uint256 cap);
    error OperatorFeeTooHigh(uint256 bps, uint256 cap);
    error NotController(address caller);
    error DepositsArePaused();
    error ZeroAddress();

    constructor(
        IERC4626 vault_,
        address feeRecipient_,
        address controller_,
        uint16 clientFeeBps_,
        uint16 operatorFeeBps_,
        string memory name_,
        string memory symbol_
    ) ERC20(name_, symbol_) ERC4626(IERC20(vault_.asset())) {
        if (clientFeeBps_ > MAX_CLIENT_FEE_BPS) revert ClientFeeTooHigh(clientFeeBps_, MAX_CLIENT_FEE_BPS);
        if (operatorFeeBps_ > MAX_OPERATOR_FEE_BPS) revert OperatorFeeTooHigh(operatorFeeBps_, MAX_OPERATOR_FEE_BPS);
        if (feeRecipient_ == address(0) || controller_ == address(0)) revert ZeroAddress();
        vault = vault_;
        feeRecipient = feeRecipient_;
        controller = controller_;
        clientFeeBps = clientFeeBps_;
        operatorFeeBps = operatorFeeBps_;
    }

    function totalFeeBps() public view returns (uint256) {
        return uint256(clientFeeBps) + operatorFeeBps;
    }

    /// @notice What the wrapper's underlying shares redeem to now.
    function totalAssets() public view override returns (uint256) {
        return vault.previewRedeem(vault.balanceOf(address(this)));
    }

    /// @notice Fee shares the next accrual would mint (already counted in every preview).
    function pendingFeeShares() external view returns (uint256 feeShares) {
        (feeShares,,) = _pendingFee();
    }

    /// @notice Settles the fee on the yield so far; anyone may call it (the splitter does before a claim).
    function accrueFees() external nonReentrant returns (uint256 feeShares) {
        return _accrue();
    }

    function setDepositsPaused(bool paused) external {
        if (msg.sender != controller) revert NotController(msg.sender);
        depositsPaused = paused;
        emit DepositsPausedSet(paused);
    }

    function maxDeposit(address) public view override returns (uint256) {
        return depositsPaused ? 0 : vault.maxDeposit(address(this));
    }

    function maxMint(address receiver) public view override returns (uint256) {
        return depositsPaused ? 0 : super.maxMint(receiver);
    }

    function maxWithdraw(address owner) public view override returns (uint256) {
        return Math.min(super.maxWithdraw(owner), vault.maxWithdraw(address(this)));
    }

    function maxRedeem(address owner) public view override returns (uint256) {
        uint256 liquid = _convertToShares(vault.maxWithdraw(address(this)), Math.Rounding.Floor);
        return Math.min(super.maxRedeem(owner), liquid);
    }

    function deposit(uint256 assets, address receiver) public override nonReentrant returns (uint256) {
        if (depositsPaused) revert DepositsArePaused();
        _accrue();
        return super.deposit(assets, receiver);
    }

    function mint(uint256 shares, address receiver) public override nonReentrant returns (uint256) {
        if (depositsPaused) revert DepositsArePaused();
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

    /// @dev The fee on the yield above the high-water mark, as shares that leave every other holder
    ///      exactly the rest (the shares are rounded down: the fee never takes more than its share).
    function _pendingFee() internal view returns (uint256 feeShares, uint256 feeAssets, uint256 assets) {
        assets = totalAssets();
        if (assets <= highWaterMark) return (0, 0, assets);
        feeAssets = ((assets - highWaterMark) * totalFeeBps()) / 10_000;
        if (feeAssets == 0) return (0, 0, assets);
        feeShares = feeAssets.mulDiv(
            totalSupply() + 10 ** _decimalsOffset(), assets - feeAssets + 1, Math.Rounding.Floor
        );
    }

    function _accrue() internal returns (uint256 feeShares) {
        uint256 feeAssets;
        uint256 assets;
        (feeShares, feeAssets, assets) = _pendingFee();
        if (assets <= highWaterMark) return 0;
        emit FeesAccrued(assets - highWaterMark, feeAssets, feeShares);
        highWaterMark = assets;
        if (feeShares > 0) _mint(feeRecipient, feeShares);
    }

    /// @dev Conversions count the fee shares not minted yet, so previews match what an accrual does.
    function _convertToShares(uint256 assets, Math.Rounding rounding) internal view override returns (uint256) {
        (uint256 feeShares,, uint256 total) = _pendingFee();
        return assets.mulDiv(totalSupply() + feeShares + 10 ** _decimalsOffset(), total + 1, rounding);
    }

    function _convertToAssets(uint256 shares, Math.Rounding rounding) internal view override returns (uint256) {
        (uint256 feeShares,, uint256 total) = _pendingFee();
        return shares.mulDiv(total + 1, totalSupply() + feeShares + 10 ** _decimalsOffset(), rounding);
    }

    /// @dev A deposit raises the mark by the same proportion it raises the assets, so a loss still
    ///      waiting to be regained stays waiting (rounded up: never an earlier fee).
    function _deposit(address caller, address receiver, uint256 assets, uint256 shares) internal override {
        uint256 total = totalAssets();
        highWaterMark = totalSupply() == 0 || total == 0
            ? total + assets
            : highWaterMark + assets.mulDiv(highWaterMark, total, Math.Rounding.Ceil);
        super._deposit(caller, receiver, assets, shares);
    }

    /// @dev A withdrawal lowers the mark in proportion (the part removed rounded down: the mark stays high).
    function _withdraw(address caller, address receiver, address owner, uint256 assets, uint256 shares)
        internal
        override
    {
        uint256 total = totalAssets();
        if (total > 0) highWaterMark -= Math.min(highWaterMark, assets.mulDiv(highWaterMark, total, Math.Rounding.Floor));
        super._withdraw(caller, receiver, owner, assets, shares);
    }

    /// @dev Deposits go straight on into the underlying vault.
    function _transferIn(address from, uint256 assets) internal override {
        IERC20 token = IERC20(asset());
        token.safeTransferFrom(from, address(this), assets);
        token.forceApprove(address(vault), assets);
        vault.deposit(assets, address(this));
    }

    /// @dev Withdrawals are paid by the underlying vault directly to the receiver.
    function _transferOut(address to, uint256 assets) internal override {
        vault.withdraw(assets, to, address(this));
    }

    /// @dev Virtual shares: a first depositor cannot inflate the share price against the next one.
    function _decimalsOffset() internal pure override returns (uint8) {
        return 6;
    }
}
