// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IPorticoEnsRegistryOwners {
    function owner(bytes32 node) external view returns (address);
    function isApprovedForAll(address owner, address operator) external view returns (bool);
}

/// @title Portico ENS public resolver
/// @notice The sandbox's resolver, written from the ENS standards: addresses (EIP-137 `addr`,
///         ENSIP-9 multi-coin `addr`), text records (ENSIP-5: `avatar`, `com.github`, …) and
///         reverse names (EIP-181 `name`). A node's owner in the registry (or an operator it
///         approved) sets its records; the reverse registrar may set names on reverse nodes.
contract PorticoEnsResolver {
    uint256 private constant COIN_TYPE_ETH = 60;

    IPorticoEnsRegistryOwners public immutable ens;
    address public immutable trustedReverseRegistrar;

    mapping(bytes32 => mapping(uint256 => bytes)) private addresses;
    mapping(bytes32 => mapping(string => string)) private texts;
    mapping(bytes32 => string) private names;

    event AddrChanged(bytes32 indexed node, address a);
    event AddressChanged(bytes32 indexed node, uint256 coinType, bytes newAddress);
    event TextChanged(bytes32 indexed node, string indexed indexedKey, string key, string value);
    event NameChanged(bytes32 indexed node, string name);

    constructor(IPorticoEnsRegistryOwners ens_, address trustedReverseRegistrar_) {
        ens = ens_;
        trustedReverseRegistrar = trustedReverseRegistrar_;
    }

    modifier authorised(bytes32 node) {
        require(isAuthorised(node), "ENS: not authorised for the node");
        _;
    }

    function isAuthorised(bytes32 node) public view returns (bool) {
        if (msg.sender == trustedReverseRegistrar) return true;
        address holder = ens.owner(node);
        return holder == msg.sender || ens.isApprovedForAll(holder, msg.sender);
    }

    function setAddr(bytes32 node, address a) external authorised(node) {
        setAddr(node, COIN_TYPE_ETH, abi.encodePacked(a));
    }

    function setAddr(bytes32 node, uint256 coinType, bytes memory a) public authorised(node) {
        emit AddressChanged(node, coinType, a);
        if (coinType == COIN_TYPE_ETH) emit AddrChanged(node, a.length == 20 ? address(bytes20(a)) : address(0));
        addresses[node][coinType] = a;
    }

    function addr(bytes32 node) external view returns (address payable) {
        bytes memory a = addresses[node][COIN_TYPE_ETH];
        if (a.length != 20) return payable(address(0));
        return payable(address(bytes20(a)));
    }

    function addr(bytes32 node, uint256 coinType) external view returns (bytes memory) {
        return addresses[node][coinType];
    }

    function setText(bytes32 node, string calldata key, string calldata value) external authorised(node) {
        texts[node][key] = value;
        emit TextChanged(node, key, key, value);
    }

    function text(bytes32 node, string calldata key) external view returns (string memory) {
        return texts[node][key];
    }

    function setName(bytes32 node, string calldata newName) external authorised(node) {
        names[node] = newName;
        emit NameChanged(node, newName);
    }

    function name(bytes32 node) external view returns (string memory) {
        return names[node];
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return
            interfaceId == 0x01ffc9a7 || // ERC-165
            interfaceId == 0x3b3b57de || // addr(bytes32)
            interfaceId == 0xf1cb7e06 || // addr(bytes32,uint256)
            interfaceId == 0x59d1d43c || // text(bytes32,string)
            interfaceId == 0x691f3431; // name(bytes32)
    }
}
