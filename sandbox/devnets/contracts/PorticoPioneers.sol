// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title Portico Pioneers (PPNR)
/// @notice The sandbox's NFT collection. Token ids count up from 1; the deployer may mint more.
///         Metadata and images are served by the Portico server: tokenURI is baseURI + id.
contract PorticoPioneers is ERC721, Ownable {
    string private metadataBase;
    uint256 public totalMinted;

    constructor(string memory baseUri, address firstOwner, uint256 initialCount) ERC721("Portico Pioneers", "PPNR") {
        metadataBase = baseUri;
        for (uint256 i = 0; i < initialCount; i++) {
            _mintNext(firstOwner);
        }
    }

    /// @notice Mints the next token id to `to` (owner only) and returns it.
    function mint(address to) external onlyOwner returns (uint256) {
        return _mintNext(to);
    }

    function _mintNext(address to) private returns (uint256 tokenId) {
        totalMinted += 1;
        tokenId = totalMinted;
        _mint(to, tokenId);
    }

    function _baseURI() internal view override returns (string memory) {
        return metadataBase;
    }
}
