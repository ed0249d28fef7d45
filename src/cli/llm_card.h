// `gameboard card --agent llm`: a whole open suite played by a model behind an OpenAI-compatible
// endpoint (SPEC sections 14 and 15), each slot's cap bounding the model's actions, printed as
// the card's table with the agent line and the usage totals.
#pragma once

#include <string>

#include "cli/llm_eval.h"
#include "scorecards/suite.h"

namespace gb::cli {

// Checks the LLM flags before any model call (exit 2 on bad input), plays every slot of the open
// `suite`, prints the card and returns 0, or 1 when a run ended in an endpoint error (its slot
// stays empty and scores 0) or the record folder could not be written.
int run_llm_card_command(const scorecards::Suite& suite, const LlmFlags& flags,
                         const std::string& record);

}  // namespace gb::cli
