// Player names and agent labels as SPEC section 8 allows them: trimmed, NFC, letters, digits,
// space and `_ - .`, nothing invisible, and a name's identity case-folded so "Ada" and "ADA" are
// one owner.
#pragma once

#include <string>
#include <string_view>

namespace gb::runs {

inline constexpr size_t kMaxNameLength = 24;    // code points, after trimming and NFC
inline constexpr size_t kMaxAgentLength = 40;   // the agent label's bound
inline constexpr size_t kMaxModelLength = 100;  // a scorecard agent's model and harness
inline constexpr size_t kMaxNotesLength = 500;  // a scorecard agent's notes
// The punctuation a model, harness or notes may hold beyond the names' alphabet ("org/model:7b",
// "v1.2 (temperature=0), 3 tries"). Markup (< > &) and quotes never.
inline constexpr std::string_view kDetailPunctuation = "/:+@(),#=!?;%*[]~^$";

// A checked name: `display` as shown (trimmed, NFC) and `key` (NFKC case-folded) naming its
// owner; `issue` says what is wrong when the name is refused.
struct CheckedName {
  std::string display;
  std::string key;
  std::string issue;  // "" when the name is accepted
};

// Checks a submitted player name: 1..24 code points after trimming, NFC; letters, combining
// marks (not first), digits, space, '_', '-', '.'; not a reserved name (case folded). `raw` may
// be any bytes.
CheckedName check_name(std::string_view raw);

// Checks an agent label: the same alphabet as names, 0..40 code points after trimming, no reserved
// check; an empty label is accepted.
CheckedName check_agent_label(std::string_view raw);

// Checks a scorecard agent's model, harness or notes (`what` names the field in the issue): the
// label's alphabet plus kDetailPunctuation, 0..max_length code points after trimming.
CheckedName check_agent_detail(std::string_view raw, std::string_view what, size_t max_length);

}  // namespace gb::runs
