// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title Portico USD (pUSD)
/// @notice The sandbox's dollar token: 6 decimals like the stablecoins it stands in for.
///         The deployer receives the whole initial supply and hands it out to the dev accounts.
contract PorticoUsd is ERC20 {
    constructor(uint256 initialSupply) ERC20("Portico USD", "pUSD") {
        _mint(msg.sender, initialSupply);
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }
}
