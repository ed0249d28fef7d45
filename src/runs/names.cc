#include "runs/names.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/ustring.h>

#include <array>
#include <vector>

namespace gb::runs {
namespace {

// Names nobody may take, compared case-folded.
constexpr auto kReserved = std::to_array<std::string_view>({
    "admin",
    "administrator",
    "moderator",
    "mod",
    "root",
    "system",
    "gameboard",
    "server",
    "staff",
    "support",
    "official",
    "anonymous",
    "null",
    "undefined",
});

bool is_letter(UChar32 c) {
  switch (u_charType(c)) {
    case U_UPPERCASE_LETTER:
    case U_LOWERCASE_LETTER:
    case U_TITLECASE_LETTER:
    case U_MODIFIER_LETTER:
    case U_OTHER_LETTER:
      return true;
    default:
      return false;
  }
}

bool is_mark(UChar32 c) {
  int8_t type = u_charType(c);
  return type == U_NON_SPACING_MARK || type == U_COMBINING_SPACING_MARK;
}

// Decodes strict UTF-8 into `out`; false on any invalid sequence.
bool decode_utf8(std::string_view raw, icu::UnicodeString& out) {
  UErrorCode status = U_ZERO_ERROR;
  int32_t length = 0;
  u_strFromUTF8(nullptr, 0, &length, raw.data(), static_cast<int32_t>(raw.size()), &status);
  if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return false;
  status = U_ZERO_ERROR;
  std::vector<UChar> units(static_cast<size_t>(length) + 1);
  u_strFromUTF8(units.data(), length + 1, &length, raw.data(), static_cast<int32_t>(raw.size()),
                &status);
  if (U_FAILURE(status)) return false;
  out = icu::UnicodeString(units.data(), length);
  return true;
}

// Removes white space (any Unicode white space) at both ends.
icu::UnicodeString trimmed(const icu::UnicodeString& s) {
  int32_t begin = 0;
  int32_t end = s.length();
  while (begin < end && u_isUWhiteSpace(s.char32At(begin))) begin = s.moveIndex32(begin, 1);
  while (end > begin) {
    int32_t last = s.moveIndex32(end, -1);
    if (!u_isUWhiteSpace(s.char32At(last))) break;
    end = last;
  }
  return icu::UnicodeString(s, begin, end - begin);
}

std::string utf8(const icu::UnicodeString& s) {
  std::string out;
  s.toUTF8String(out);
  return out;
}

// The shared check: `what` names the field in issues ("name" or "agent"); `extra` lists the
// ASCII punctuation allowed beyond the names' alphabet.
CheckedName check_text(std::string_view raw, std::string_view what, size_t min_length,
                       size_t max_length, std::string_view extra = {}) {
  CheckedName result;
  auto refuse = [&](std::string why) {
    result.issue = std::string(what) + ": " + why;
    return result;
  };
  if (raw.size() > 4 * max_length + 256) return refuse("too long");
  icu::UnicodeString text;
  if (!decode_utf8(raw, text)) return refuse("not valid UTF-8");
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  const icu::Normalizer2* fold = icu::Normalizer2::getNFKCCasefoldInstance(status);
  if (U_FAILURE(status)) return refuse("cannot be checked (Unicode data missing)");
  icu::UnicodeString normal = nfc->normalize(trimmed(text), status);
  if (U_FAILURE(status)) return refuse("cannot be normalized");
  auto length = static_cast<size_t>(normal.countChar32());
  if (length < min_length) return refuse("empty after trimming");
  if (length > max_length) {
    return refuse("longer than " + std::to_string(max_length) + " characters");
  }
  for (int32_t i = 0; i < normal.length(); i = normal.moveIndex32(i, 1)) {
    UChar32 c = normal.char32At(i);
    bool allowed = is_letter(c) || u_charType(c) == U_DECIMAL_DIGIT_NUMBER || c == ' ' ||
                   c == '_' || c == '-' || c == '.' || (i > 0 && is_mark(c)) ||
                   (c < 0x80 && c > 0 && extra.find(static_cast<char>(c)) != extra.npos);
    if (!allowed && !extra.empty() && (c == '<' || c == '>' || c == '&')) {
      return refuse("markup is not allowed (no < > or &)");
    }
    if (!allowed && !extra.empty()) {
      char code[16];
      std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(c));
      return refuse(std::string("character ") + code +
                    " is not allowed (letters, digits, space, _ - . " + std::string(extra) +
                    " only)");
    }
    if (!allowed) {
      char code[16];
      std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(c));
      return refuse(std::string("character ") + code +
                    " is not allowed (letters, digits, space, _ - . only)");
    }
  }
  result.display = utf8(normal);
  result.key = utf8(fold->normalize(normal, status));
  if (U_FAILURE(status)) return refuse("cannot be case-folded");
  return result;
}

}  // namespace

CheckedName check_name(std::string_view raw) {
  CheckedName name = check_text(raw, "name", 1, kMaxNameLength);
  if (!name.issue.empty()) return name;
  for (std::string_view reserved : kReserved) {
    if (name.key == reserved) {
      name.issue = "name: '" + name.display + "' is reserved";
      return name;
    }
  }
  return name;
}

CheckedName check_agent_label(std::string_view raw) {
  return check_text(raw, "agent", 0, kMaxAgentLength);
}

CheckedName check_agent_detail(std::string_view raw, std::string_view what, size_t max_length) {
  return check_text(raw, what, 0, max_length, kDetailPunctuation);
}

}  // namespace gb::runs
