// `gameboard card --server URL --name N`: a card measured on a server (SPEC section 14). It opens
// a card there, plays every slot the server drew (in process, or over HTTP with --remote),
// submits each run into its slot, closes the card and prints the table the server computed and
// the card's page. The name's token comes from --token or the names file, and a token issued on
// opening is saved there (cli/token_file.h). With --card ID it goes on with a card that stopped
// midway: only its empty slots are played.
#pragma once

#include "cli/card_common.h"

namespace gb::cli {

// Checks the options (exit 2 before anything is sent), then runs the card on o.server. Returns 0
// when every slot was filled and the card closed; 1 when the server refused or could not be
// reached, a slot could not be filled, or (with --agent llm) a run ended in an endpoint error,
// after saying on stderr what the server holds (the card's id, the slots stored).
int run_server_card(const CardOptions& o);

}  // namespace gb::cli
