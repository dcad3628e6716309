// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IPorticoEnsResolverLookup {
    function resolver(bytes32 node) external view returns (address);
}

interface IPorticoEnsReverseLookup {
    function name(bytes32 node) external view returns (string memory);
    function addr(bytes32 node) external view returns (address payable);
}

/// @title Portico ENS universal resolver
/// @notice The entry point ENS clients such as viem call, written from the interface they use
///         (`resolveWithGateways`, `reverseWithGateways`, `findResolver`) and the errors they map to
///         "no name": the resolver is found by walking up the DNS-encoded name's labels (ENSIP-10),
///         called with the client's calldata, and a reverse name counts only when the name's
///         forward address is the address asked about. On-chain records only: no CCIP-Read.
contract PorticoEnsUniversalResolver {
    /// namehash("addr.reverse")
    bytes32 private constant ADDR_REVERSE_NODE = 0x91d1777781884d03a6757a803996e38de2a42967fb37eeaca72729271025a9e2;

    IPorticoEnsResolverLookup public immutable registry;

    error DNSDecodingFailed(bytes dns);
    error ResolverNotFound(bytes name);
    error ResolverNotContract(bytes name, address resolver);
    error ResolverError(bytes errorData);
    error ReverseAddressMismatch(string primary, bytes primaryAddress);
    error UnsupportedResolverProfile(bytes4 selector);

    constructor(IPorticoEnsResolverLookup registry_) {
        registry = registry_;
    }

    /// The resolver of a DNS-encoded name (the nearest ancestor's when the name has none), its node and the offset of the label it was found at.
    function findResolver(bytes calldata name) public view returns (address resolver, bytes32 node, uint256 offset) {
        node = namehash(name, 0);
        uint256 at = 0;
        while (true) {
            bytes32 current = namehash(name, at);
            resolver = registry.resolver(current);
            if (resolver != address(0)) return (resolver, node, at);
            uint8 length = uint8(name[at]);
            if (length == 0) return (address(0), node, at);
            at += uint256(length) + 1;
        }
    }

    function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory, address) {
        return _resolve(name, data);
    }

    function resolveWithGateways(bytes calldata name, bytes calldata data, string[] calldata) external view returns (bytes memory, address) {
        return _resolve(name, data);
    }

    function reverse(bytes calldata lookupAddress, uint256 coinType) external view returns (string memory, address, address) {
        return _reverse(lookupAddress, coinType);
    }

    function reverseWithGateways(bytes calldata lookupAddress, uint256 coinType, string[] calldata) external view returns (string memory, address, address) {
        return _reverse(lookupAddress, coinType);
    }

    function _resolve(bytes calldata name, bytes calldata data) private view returns (bytes memory, address) {
        (address resolver, , ) = findResolver(name);
        if (resolver == address(0)) revert ResolverNotFound(name);
        if (resolver.code.length == 0) revert ResolverNotContract(name, resolver);
        (bool ok, bytes memory result) = resolver.staticcall(data);
        if (!ok) revert ResolverError(result);
        return (result, resolver);
    }

    function _reverse(bytes calldata lookupAddress, uint256 coinType) private view returns (string memory, address, address) {
        if (coinType != 60 || lookupAddress.length != 20) revert UnsupportedResolverProfile(bytes4(keccak256("name(bytes32)")));
        address account = address(bytes20(lookupAddress));
        bytes32 reverseNode = keccak256(abi.encodePacked(ADDR_REVERSE_NODE, sha3HexAddress(account)));
        address reverseResolver = registry.resolver(reverseNode);
        if (reverseResolver == address(0) || reverseResolver.code.length == 0) return ("", address(0), address(0));
        string memory primary = IPorticoEnsReverseLookup(reverseResolver).name(reverseNode);
        if (bytes(primary).length == 0) return ("", address(0), reverseResolver);
        bytes32 forwardNode = namehashText(bytes(primary));
        address resolver = registry.resolver(forwardNode);
        address forward = resolver == address(0) || resolver.code.length == 0 ? address(0) : IPorticoEnsReverseLookup(resolver).addr(forwardNode);
        if (forward != account) revert ReverseAddressMismatch(primary, abi.encodePacked(forward));
        return (primary, resolver, reverseResolver);
    }

    /// The namehash of the DNS-encoded name from `offset` on.
    function namehash(bytes calldata name, uint256 offset) internal pure returns (bytes32) {
        if (offset >= name.length) revert DNSDecodingFailed(name);
        uint256 length = uint8(name[offset]);
        if (length == 0) return bytes32(0);
        if (offset + 1 + length > name.length) revert DNSDecodingFailed(name);
        bytes32 label = keccak256(name[offset + 1:offset + 1 + length]);
        return keccak256(abi.encodePacked(namehash(name, offset + 1 + length), label));
    }

    /// The namehash of a dotted name such as `alice.eth`.
    function namehashText(bytes memory text) internal pure returns (bytes32 node) {
        uint256 end = text.length;
        for (uint256 i = text.length; i > 0; i--) {
            if (text[i - 1] == ".") {
                node = keccak256(abi.encodePacked(node, labelhash(text, i, end)));
                end = i - 1;
            }
        }
        if (end > 0) node = keccak256(abi.encodePacked(node, labelhash(text, 0, end)));
    }

    function labelhash(bytes memory text, uint256 from, uint256 to) private pure returns (bytes32 hash) {
        assembly {
            hash := keccak256(add(add(text, 32), from), sub(to, from))
        }
    }

    function sha3HexAddress(address addr) private pure returns (bytes32) {
        bytes memory hexChars = "0123456789abcdef";
        bytes memory out = new bytes(40);
        uint160 value = uint160(addr);
        for (uint256 i = 40; i > 0; i--) {
            out[i - 1] = hexChars[value & 0xf];
            value >>= 4;
        }
        return keccak256(out);
    }
}
