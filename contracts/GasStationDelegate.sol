// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";

/// @title The code a Latchkey account delegates to with EIP-7702 to run batches of calls.
/// @notice Runs as the account itself (address(this) is the EOA): `execute` when the account sends
///         its own batch, `executeSponsored` when a gas station pays for a batch the account signed
///         (EIP-712 BatchExecution, domain bound to the chain and to the account).
/// @dev Deployed once per chain with CREATE2 through the deterministic deployment proxy, salt 0,
///      so its address is the same everywhere. Its only state is the replay nonce, kept in an
///      ERC-7201 namespaced slot: an account's storage outlives its delegations, and a namespace
///      keeps it clear of whatever another delegate wrote there.
contract GasStationDelegate is EIP712 {
    struct Call {
        address to;
        uint256 value;
        bytes data;
    }

    /// @custom:storage-location erc7201:latchkey.GasStationDelegate
    struct DelegateStorage {
        uint256 nonce;
    }

    // keccak256(abi.encode(uint256(keccak256("latchkey.GasStationDelegate")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant STORAGE_SLOT = 0x4c59562f9f27693477d919a44c203cbed2b8590bdad9083d399e217dc2d0c500;

    bytes32 private constant CALL_TYPEHASH = keccak256("Call(address to,uint256 value,bytes data)");
    bytes32 private constant BATCH_TYPEHASH =
        keccak256("BatchExecution(Call[] calls,uint256 nonce,uint256 deadline)Call(address to,uint256 value,bytes data)");

    /// The caller is not the account itself.
    error NotSelf(address caller);
    /// The signature is not the account's over this batch, nonce and deadline.
    error InvalidSignature();
    /// The batch was signed for another nonce (already used, or not yet reached).
    error InvalidNonce(uint256 expected, uint256 given);
    /// The batch's deadline has passed.
    error DeadlineExpired(uint256 deadline, uint256 timestamp);
    /// A call failed without revert data (a call's own revert data is bubbled unchanged).
    error CallFailed(uint256 index);

    constructor() EIP712("Latchkey GasStationDelegate", "1") {}

    /// The nonce the next sponsored batch must be signed with.
    function nonce() external view returns (uint256) {
        return _storage().nonce;
    }

    /// Runs `calls` in order, as the account: only the account itself may ask (a self-sent batch).
    function execute(Call[] calldata calls) external payable {
        if (msg.sender != address(this)) revert NotSelf(msg.sender);
        _run(calls);
    }

    /// Runs `calls` in order, as the account, for anyone holding the account's signature over them:
    /// a gas station pays for the transaction, the account's signature says what it may do.
    function executeSponsored(Call[] calldata calls, uint256 batchNonce, uint256 deadline, bytes calldata signature)
        external
        payable
    {
        if (block.timestamp > deadline) revert DeadlineExpired(deadline, block.timestamp);
        DelegateStorage storage $ = _storage();
        if (batchNonce != $.nonce) revert InvalidNonce($.nonce, batchNonce);
        bytes32 digest = _hashTypedDataV4(keccak256(abi.encode(BATCH_TYPEHASH, _hashCalls(calls), batchNonce, deadline)));
        (address signer, ECDSA.RecoverError error_,) = ECDSA.tryRecover(digest, signature);
        if (error_ != ECDSA.RecoverError.NoError || signer != address(this)) revert InvalidSignature();
        // The nonce is spent before any call runs, so a call cannot re-enter with the same batch.
        $.nonce = batchNonce + 1;
        _run(calls);
    }

    /// A delegated account must still accept plain transfers and safe token transfers.
    receive() external payable {}

    function onERC721Received(address, address, uint256, bytes calldata) external pure returns (bytes4) {
        return this.onERC721Received.selector;
    }

    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external pure returns (bytes4) {
        return this.onERC1155Received.selector;
    }

    function onERC1155BatchReceived(address, address, uint256[] calldata, uint256[] calldata, bytes calldata)
        external
        pure
        returns (bytes4)
    {
        return this.onERC1155BatchReceived.selector;
    }

    function _run(Call[] calldata calls) private {
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, bytes memory result) = calls[i].to.call{value: calls[i].value}(calls[i].data);
            if (!ok) {
                if (result.length == 0) revert CallFailed(i);
                assembly ("memory-safe") {
                    revert(add(result, 32), mload(result))
                }
            }
        }
    }

    /// EIP-712 encodes an array of structs as the hash of its elements' struct hashes, in order.
    function _hashCalls(Call[] calldata calls) private pure returns (bytes32) {
        bytes32[] memory hashes = new bytes32[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            hashes[i] = keccak256(abi.encode(CALL_TYPEHASH, calls[i].to, calls[i].value, keccak256(calls[i].data)));
        }
        return keccak256(abi.encodePacked(hashes));
    }

    function _storage() private pure returns (DelegateStorage storage $) {
        bytes32 slot = STORAGE_SLOT;
        assembly ("memory-safe") {
            $.slot := slot
        }
    }
}
