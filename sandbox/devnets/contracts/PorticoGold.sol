// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title Portico Gold (pGLD)
/// @notice The sandbox's second swap token (18 decimals). The deployer, the sandbox's liquidity
///         provider, receives the whole supply and puts it into the AMM's pools.
contract PorticoGold is ERC20 {
    constructor(uint256 initialSupply) ERC20("Portico Gold", "pGLD") {
        _mint(msg.sender, initialSupply);
    }
}
