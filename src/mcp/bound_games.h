// The games of scorecard slots (SPEC section 14). open_scorecard answers each slot of a card with
// a game handle bound to it, so that submit_run on that game fills the slot. The binding is the
// handle itself: "s", the card id, "-", the slot index, "-" and 24 hex digits of an HMAC of both
// under the server's secret. Only the server can mint one, nobody derives one from a card's
// public id, and any replica reads the binding back without a lookup (the games table needs no
// column for it). The game behind a handle is created when the handle is first used while its
// card is open, at the slot's seed, and is held by the card (client "card:<id>"): at most one game
// per slot, never counted against a client's bound of held games.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "mcp/held_games.h"
#include "runs/cards.h"
#include "store/store.h"

namespace gb::mcp {

// The slot a bound game fills.
struct SlotBinding {
  std::string card_id;
  int64_t slot = 0;
};

// The handle of the game bound to slot `slot` of card `card_id`, under `secret`.
std::string bound_game_id(std::string_view secret, std::string_view card_id, int64_t slot);

// The slot game `id` is bound to; nullopt for a handle that is not one bound_game_id minted under
// `secret` (a plain game's handle, or a forged one).
std::optional<SlotBinding> slot_binding(std::string_view secret, std::string_view id);

// A bound game's card and slot as the store holds them, and the card's status.
struct BoundSlot {
  store::Card card;
  store::CardSlot slot;
  runs::CardStatus status = runs::CardStatus::kOpen;
};

// Reads the card and slot of `binding` at `now`; nullopt when the store has no such card or the
// card no such slot. Throws store::StoreError.
std::optional<BoundSlot> read_bound_slot(store::Store& store, const SlotBinding& binding,
                                         runs::TimePoint now);

// Starts the game of handle `id` bound to `bound` at its slot's seed (the store holds no live game
// under that handle): while the card is open; kUnknownGame, saying so, once it is closed or
// expired.
GameResult start_slot_game(store::Store& store, std::string_view id, const BoundSlot& bound);

// Loads the game of handle `id` bound to `bound`, starting it first when it does not exist yet
// (start_slot_game).
GameResult load_slot_game(store::Store& store, std::string_view id, const BoundSlot& bound);

}  // namespace gb::mcp
