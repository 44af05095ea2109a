// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title Constant-product (x·y=k) pools for Latchkey's local EVM devnets, with a client-fee vault.
/// @notice One contract holds every pool, keyed by its unordered token pair; `address(0)` stands
///         for the chain's native coin, so native-in and native-out swaps need no wrapping. Each
///         swap pays the 0.3 % LP fee to the pool (Uniswap v2's arithmetic), then a client fee of
///         `feeBps` of the output is set aside for `feeReceiver` instead of being paid out: the
///         receiver's accrued fees sit here until anyone calls `claimFees`, which can only pay the
///         receiver itself. Liquidity is added by the operator (the devnet key) only; there are no
///         LP shares because nobody else provides liquidity. Never deployed to a real network.
contract LocalSwapPools is ReentrancyGuard {
    using SafeERC20 for IERC20;

    address public constant NATIVE = address(0);
    /// The highest client fee a swap may carry (10 %): above it a quote is a mistake, not a fee.
    uint256 public constant MAX_FEE_BPS = 1000;

    struct Pool {
        uint256 reserve0; // of the lower-addressed token
        uint256 reserve1;
    }

    address public immutable operator;
    mapping(bytes32 pairKey => Pool) private _pools;
    /// Client fees accrued per receiver and token, held apart from the pools' reserves.
    mapping(address receiver => mapping(address token => uint256)) public feesOwed;

    event LiquidityAdded(address indexed tokenA, address indexed tokenB, uint256 amountA, uint256 amountB);
    event Swapped(
        address indexed sender,
        address indexed tokenIn,
        address indexed tokenOut,
        uint256 amountIn,
        uint256 amountOut,
        address recipient,
        address feeReceiver,
        uint256 fee
    );
    event FeesClaimed(address indexed receiver, address indexed token, uint256 amount);

    error NotOperator(address caller);
    error SameToken(address token);
    error ZeroAmount();
    error NoLiquidity(address tokenIn, address tokenOut);
    error InsufficientOutput(uint256 amountOut, uint256 minAmountOut);
    error FeeTooHigh(uint256 feeBps);
    error WrongNativeValue(uint256 sent, uint256 expected);
    error NothingToClaim(address receiver, address token);
    error NativeTransferFailed(address to, uint256 amount);

    constructor(address operator_) {
        operator = operator_;
    }

    /// Adds `amountA` of `tokenA` and `amountB` of `tokenB` to their pool (native by msg.value).
    function addLiquidity(address tokenA, address tokenB, uint256 amountA, uint256 amountB)
        external
        payable
        nonReentrant
    {
        if (msg.sender != operator) revert NotOperator(msg.sender);
        if (tokenA == tokenB) revert SameToken(tokenA);
        if (amountA == 0 || amountB == 0) revert ZeroAmount();
        uint256 nativeExpected = tokenA == NATIVE ? amountA : tokenB == NATIVE ? amountB : 0;
        if (msg.value != nativeExpected) revert WrongNativeValue(msg.value, nativeExpected);
        _pull(tokenA, amountA);
        _pull(tokenB, amountB);
        Pool storage pool = _pools[_key(tokenA, tokenB)];
        if (tokenA < tokenB) {
            pool.reserve0 += amountA;
            pool.reserve1 += amountB;
        } else {
            pool.reserve0 += amountB;
            pool.reserve1 += amountA;
        }
        emit LiquidityAdded(tokenA, tokenB, amountA, amountB);
    }

    /// The pool's reserves of `tokenIn` and `tokenOut`, in that order.
    function reserves(address tokenIn, address tokenOut) public view returns (uint256 reserveIn, uint256 reserveOut) {
        Pool storage pool = _pools[_key(tokenIn, tokenOut)];
        (reserveIn, reserveOut) = tokenIn < tokenOut ? (pool.reserve0, pool.reserve1) : (pool.reserve1, pool.reserve0);
    }

    /// What `amountIn` buys before the client fee: out = in·997·rOut / (rIn·1000 + in·997).
    function getAmountOut(address tokenIn, address tokenOut, uint256 amountIn) public view returns (uint256) {
        if (tokenIn == tokenOut) revert SameToken(tokenIn);
        if (amountIn == 0) revert ZeroAmount();
        (uint256 reserveIn, uint256 reserveOut) = reserves(tokenIn, tokenOut);
        if (reserveIn == 0 || reserveOut == 0) revert NoLiquidity(tokenIn, tokenOut);
        uint256 inWithFee = amountIn * 997;
        return (inWithFee * reserveOut) / (reserveIn * 1000 + inWithFee);
    }

    /// Swaps exactly `amountIn` of `tokenIn` (approved, or sent as msg.value when native) for
    /// `tokenOut`; `feeBps` of the output accrues to `feeReceiver`, the rest goes to `recipient`
    /// and must be at least `minAmountOut`. Returns what `recipient` received.
    function swap(
        address tokenIn,
        address tokenOut,
        uint256 amountIn,
        uint256 minAmountOut,
        address recipient,
        address feeReceiver,
        uint256 feeBps
    ) external payable nonReentrant returns (uint256 amountOut) {
        if (feeBps > MAX_FEE_BPS) revert FeeTooHigh(feeBps);
        uint256 gross = getAmountOut(tokenIn, tokenOut, amountIn);
        uint256 fee = (gross * feeBps) / 10_000;
        amountOut = gross - fee;
        if (amountOut < minAmountOut) revert InsufficientOutput(amountOut, minAmountOut);
        uint256 nativeExpected = tokenIn == NATIVE ? amountIn : 0;
        if (msg.value != nativeExpected) revert WrongNativeValue(msg.value, nativeExpected);
        _pull(tokenIn, amountIn);
        Pool storage pool = _pools[_key(tokenIn, tokenOut)];
        if (tokenIn < tokenOut) {
            pool.reserve0 += amountIn;
            pool.reserve1 -= gross;
        } else {
            pool.reserve1 += amountIn;
            pool.reserve0 -= gross;
        }
        if (fee > 0) feesOwed[feeReceiver][tokenOut] += fee;
        _pay(tokenOut, recipient, amountOut);
        emit Swapped(msg.sender, tokenIn, tokenOut, amountIn, amountOut, recipient, feeReceiver, fee);
    }

    /// Pays `receiver` all of its accrued fees in `token`. Anyone may call: the money only ever
    /// goes to the receiver, so a relayer can pay the gas.
    function claimFees(address receiver, address token) external nonReentrant returns (uint256 amount) {
        amount = feesOwed[receiver][token];
        if (amount == 0) revert NothingToClaim(receiver, token);
        feesOwed[receiver][token] = 0;
        _pay(token, receiver, amount);
        emit FeesClaimed(receiver, token, amount);
    }

    function _key(address a, address b) private pure returns (bytes32) {
        return a < b ? keccak256(abi.encode(a, b)) : keccak256(abi.encode(b, a));
    }

    function _pull(address token, uint256 amount) private {
        if (token != NATIVE) IERC20(token).safeTransferFrom(msg.sender, address(this), amount);
    }

    function _pay(address token, address to, uint256 amount) private {
        if (token == NATIVE) {
            (bool ok,) = to.call{value: amount}("");
            if (!ok) revert NativeTransferFailed(to, amount);
        } else {
            IERC20(token).safeTransfer(to, amount);
        }
    }
}
