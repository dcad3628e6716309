// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IPorticoEnsReverseRegistry {
    function setSubnodeRecord(bytes32 node, bytes32 label, address owner, address resolver, uint64 ttl) external;
    function setOwner(bytes32 node, address owner) external;
    function isApprovedForAll(address owner, address operator) external view returns (bool);
}

interface IPorticoEnsNameResolver {
    function setName(bytes32 node, string calldata name) external;
}

/// @title Portico ENS reverse registrar
/// @notice Owns `addr.reverse` (EIP-181): an address claims `<its lower-case hex>.addr.reverse`
///         and sets its primary name there. The address itself, an operator it approved in the
///         registry, or a controller the registrar's owner named may act for it.
contract PorticoEnsReverseRegistrar {
    /// namehash("addr.reverse")
    bytes32 public constant ADDR_REVERSE_NODE = 0x91d1777781884d03a6757a803996e38de2a42967fb37eeaca72729271025a9e2;

    IPorticoEnsReverseRegistry public immutable ens;
    address public owner;
    address public defaultResolver;
    mapping(address => bool) public controllers;

    event ReverseClaimed(address indexed addr, bytes32 indexed node);
    event ControllerChanged(address indexed controller, bool enabled);

    constructor(IPorticoEnsReverseRegistry ens_) {
        ens = ens_;
        owner = msg.sender;
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "ENS: only the registrar's owner");
        _;
    }

    modifier authorised(address addr) {
        require(addr == msg.sender || controllers[msg.sender] || ens.isApprovedForAll(addr, msg.sender), "ENS: not authorised for the address");
        _;
    }

    function setController(address controller, bool enabled) external onlyOwner {
        controllers[controller] = enabled;
        emit ControllerChanged(controller, enabled);
    }

    function setDefaultResolver(address resolver) external onlyOwner {
        defaultResolver = resolver;
    }

    function claimForAddr(address addr, address owner_, address resolver) public authorised(addr) returns (bytes32) {
        bytes32 label = sha3HexAddress(addr);
        bytes32 reverseNode = keccak256(abi.encodePacked(ADDR_REVERSE_NODE, label));
        ens.setSubnodeRecord(ADDR_REVERSE_NODE, label, owner_, resolver, 0);
        emit ReverseClaimed(addr, reverseNode);
        return reverseNode;
    }

    function setName(string calldata name) external returns (bytes32) {
        return setNameForAddr(msg.sender, msg.sender, defaultResolver, name);
    }

    function setNameForAddr(address addr, address owner_, address resolver, string calldata name) public authorised(addr) returns (bytes32) {
        bytes32 reverseNode = claimForAddr(addr, address(this), resolver);
        IPorticoEnsNameResolver(resolver).setName(reverseNode, name);
        ens.setOwner(reverseNode, owner_);
        return reverseNode;
    }

    function node(address addr) external pure returns (bytes32) {
        return keccak256(abi.encodePacked(ADDR_REVERSE_NODE, sha3HexAddress(addr)));
    }

    /// keccak256 of the address as 40 lower-case hex characters, without 0x.
    function sha3HexAddress(address addr) public pure returns (bytes32) {
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
