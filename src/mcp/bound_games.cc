#include "mcp/bound_games.h"

#include <openssl/crypto.h>

#include <charconv>

#include "core/clock.h"
#include "registry/registry.h"
#include "runs/secrets.h"

namespace gb::mcp {
namespace {

constexpr size_t kTagDigits = 24;  // 96 bits of HMAC

// What a handle's tag is keyed on: "slot-game/<card id>/<index>".
std::string tag_message(std::string_view card_id, int64_t slot) {
  std::string message = "slot-game/";
  message.append(card_id);
  message.push_back('/');
  message.append(std::to_string(slot));
  return message;
}

// Whether `text` is a card id as runs::open_card mints them: "c" and 24 hex digits.
bool card_id_shape(std::string_view text) {
  if (text.size() != 25 || text[0] != 'c') return false;
  for (char c : text.substr(1)) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

}  // namespace

std::string bound_game_id(std::string_view secret, std::string_view card_id, int64_t slot) {
  std::string id = "s";  // appended piece by piece: GCC 12 warns falsely on "s" + string
  id.append(card_id);
  id.push_back('-');
  id.append(std::to_string(slot));
  id.push_back('-');
  id.append(runs::keyed_hex(secret, tag_message(card_id, slot), kTagDigits));
  return id;
}

std::optional<SlotBinding> slot_binding(std::string_view secret, std::string_view id) {
  if (id.size() < 2 || id[0] != 's') return std::nullopt;
  std::string_view rest = id.substr(1);
  size_t first = rest.find('-');
  if (first == std::string_view::npos) return std::nullopt;
  size_t second = rest.find('-', first + 1);
  if (second == std::string_view::npos) return std::nullopt;
  std::string_view card_id = rest.substr(0, first);
  std::string_view index = rest.substr(first + 1, second - first - 1);
  std::string_view tag = rest.substr(second + 1);
  if (!card_id_shape(card_id) || index.empty() || index.size() > 6 || tag.size() != kTagDigits) {
    return std::nullopt;
  }
  if (index.size() > 1 && index[0] == '0') return std::nullopt;  // one spelling per slot
  int64_t slot = 0;
  auto [end, ec] = std::from_chars(index.data(), index.data() + index.size(), slot);
  if (ec != std::errc() || end != index.data() + index.size()) return std::nullopt;
  std::string expected = runs::keyed_hex(secret, tag_message(card_id, slot), kTagDigits);
  if (CRYPTO_memcmp(expected.data(), tag.data(), kTagDigits) != 0) return std::nullopt;
  return SlotBinding{std::string(card_id), slot};
}

std::optional<BoundSlot> read_bound_slot(store::Store& store, const SlotBinding& binding,
                                         runs::TimePoint now) {
  std::optional<store::Card> card = store.card(binding.card_id);
  if (!card || binding.slot < 0 || binding.slot >= static_cast<int64_t>(card->slots.size())) {
    return std::nullopt;
  }
  BoundSlot bound;
  bound.slot = card->slots[static_cast<size_t>(binding.slot)];
  bound.status = runs::card_status(*card, format_utc(now));
  bound.card = std::move(*card);
  return bound;
}

GameResult start_slot_game(store::Store& store, std::string_view id, const BoundSlot& bound) {
  const GameService* service = find_game(bound.slot.slug);
  if (bound.status != runs::CardStatus::kOpen || service == nullptr) {
    GameResult r;
    r.status = GameResult::Status::kUnknownGame;
    r.message = "game_id: scorecard " + bound.card.id + " is " +
                std::string(runs::status_name(bound.status)) + " and slot " +
                std::to_string(bound.slot.index) + " was never played (or its game expired)";
    return r;
  }
  return start_bound_game(store, *service, bound.slot.seed, std::string(id),
                          "card:" + bound.card.id, static_cast<int64_t>(bound.card.slots.size()));
}

GameResult load_slot_game(store::Store& store, std::string_view id, const BoundSlot& bound) {
  GameResult r = load_game(store, id);
  if (r.status != GameResult::Status::kUnknownGame) return r;
  return start_slot_game(store, id, bound);
}

}  // namespace gb::mcp
