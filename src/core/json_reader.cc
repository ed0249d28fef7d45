#include "core/json_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstring>

namespace gb {

void Issues::add(std::string_view path, std::string_view problem) {
  ++total_;
  if (list_.size() < kMax) list_.push_back(fmt::format("{}: {}", path, problem));
}

std::optional<JsonValue> parse_json(std::string_view text, Issues& issues, size_t max_bytes) {
  // The parser grows on demand up to its capacity; threads that never see a large document never
  // allocate for one.
  thread_local simdjson::dom::parser parser = [] {
    simdjson::dom::parser p(kMaxLargeJsonBytes + 64);
    simdjson::error_code err = p.allocate(4096, kMaxJsonDepth);
    (void)err;  // on failure parse() allocates on demand
    return p;
  }();
  if (text.size() > max_bytes || text.size() > kMaxLargeJsonBytes) {
    issues.add("body",
               fmt::format("larger than {} MiB", std::min(max_bytes, kMaxLargeJsonBytes) >> 20));
    return std::nullopt;
  }
  // An empty view may carry a null pointer, which simdjson would hand to memcpy.
  if (text.data() == nullptr) text = std::string_view("", 0);
  JsonValue root;
  auto error = parser.parse(text.data(), text.size(), true).get(root);
  if (error) {
    issues.add("body", fmt::format("not valid JSON ({})", simdjson::error_message(error)));
    return std::nullopt;
  }
  return root;
}

std::string to_compact_json(JsonValue v) {
  return simdjson::minify(v);
}

std::string element_path(std::string_view array_path, size_t index) {
  char digits[24];
  auto [end, ec] = std::to_chars(digits, digits + sizeof digits, index);
  (void)ec;  // 24 digits hold any size_t
  std::string path;
  path.reserve(array_path.size() + static_cast<size_t>(end - digits) + 2);
  path.append(array_path).append("[").append(digits, end).append("]");
  return path;
}

std::string_view json_type_name(JsonValue v) {
  switch (v.type()) {
    case simdjson::dom::element_type::ARRAY:
      return "array";
    case simdjson::dom::element_type::OBJECT:
      return "object";
    case simdjson::dom::element_type::INT64:
    case simdjson::dom::element_type::UINT64:
      return "integer";
    case simdjson::dom::element_type::DOUBLE:
      return "number";
    case simdjson::dom::element_type::STRING:
      return "string";
    case simdjson::dom::element_type::BOOL:
      return "boolean";
    case simdjson::dom::element_type::NULL_VALUE:
      return "null";
  }
  return "unknown";
}

bool read_integer(JsonValue v, std::string_view path, int64_t lo, int64_t hi, int64_t& out,
                  Issues& issues) {
  int64_t value = 0;
  if (v.type() == simdjson::dom::element_type::INT64) {
    value = v.get_int64().value_unsafe();
  } else if (v.type() == simdjson::dom::element_type::UINT64) {
    issues.add(path, fmt::format("must be an integer in {}..{}", lo, hi));
    return false;
  } else {
    issues.add(path, fmt::format("must be an integer, got {}", json_type_name(v)));
    return false;
  }
  if (value < lo || value > hi) {
    issues.add(path, fmt::format("must be in {}..{}, got {}", lo, hi, value));
    return false;
  }
  out = value;
  return true;
}

ObjectReader::ObjectReader(JsonValue v, std::string path, Issues& issues)
    : path_(std::move(path)), issues_(issues) {
  take_object(v);
}

ObjectReader::ObjectReader(JsonValue v, ElementPath path, Issues& issues)
    : element_(path), issues_(issues) {
  take_object(v);
}

void ObjectReader::take_object(JsonValue v) {
  if (v.type() == simdjson::dom::element_type::OBJECT) {
    obj_ = v.get_object().value_unsafe();
    is_object_ = true;
  } else {
    issues_.add(path(), fmt::format("must be an object, got {}", json_type_name(v)));
  }
}

std::string ObjectReader::child_path(std::string_view key) const {
  return fmt::format("{}.{}", path(), key);
}

namespace {

// True when the first and the last sizeof(Word) of the n bytes at a and b are equal, which for
// sizeof(Word) <= n <= 2 * sizeof(Word) covers all n.
template <class Word>
bool same_ends(const char* a, const char* b, size_t n) {
  Word a_first, a_last, b_first, b_last;
  std::memcpy(&a_first, a, sizeof(Word));
  std::memcpy(&b_first, b, sizeof(Word));
  std::memcpy(&a_last, a + n - sizeof(Word), sizeof(Word));
  std::memcpy(&b_last, b + n - sizeof(Word), sizeof(Word));
  return a_first == b_first && a_last == b_last;
}

// True when the n bytes at a and b are equal; keys are short, so fixed-size loads (which compile
// to plain moves) replace a call to memcmp.
bool same_bytes(const char* a, const char* b, size_t n) {
  if (n >= 8 && n <= 16) return same_ends<uint64_t>(a, b, n);
  if (n >= 4 && n < 8) return same_ends<uint32_t>(a, b, n);
  if (n < 4) {
    for (size_t i = 0; i < n; ++i) {
      if (a[i] != b[i]) return false;
    }
    return true;
  }
  return std::memcmp(a, b, n) == 0;
}

// One of 64 bits for a key; different keys may share a bit.
uint64_t key_bit(std::string_view key) {
  if (key.empty()) return 1;
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(key[i]); };
  const size_t h = key.size() * 31 + byte(0) * 7 + byte(key.size() / 2) * 3 + byte(key.size() - 1);
  return uint64_t{1} << (h & 63);
}

}  // namespace

std::optional<JsonValue> ObjectReader::find(std::string_view key) {
  for (auto it = obj_.begin(); it != obj_.end(); ++it) {
    if (it.key_length() == key.size() && same_bytes(it.key_c_str(), key.data(), key.size())) {
      return it.value();
    }
  }
  return std::nullopt;
}

std::optional<JsonValue> ObjectReader::get(std::string_view key) {
  if (!is_object_) return std::nullopt;
  const uint64_t bit = key_bit(key);
  const bool asked_before = (asked_ & bit) != 0;
  asked_ |= bit;
  if (!next_) next_ = obj_.begin();
  auto& next = *next_;
  // Every field before `next` was found here, by this test, for a key asked once: none of them
  // is `key`, so the field at `next` is its first appearance.
  if (!asked_before && next != obj_.end() && next.key_length() == key.size() &&
      same_bytes(next.key_c_str(), key.data(), key.size())) {
    JsonValue v = next.value();
    ++next;
    return v;
  }
  std::optional<JsonValue> v = find(key);
  if (!v) {
    issues_.add(child_path(key), "is missing");
    return std::nullopt;
  }
  return v;
}

bool ObjectReader::integer(std::string_view key, int64_t lo, int64_t hi, int64_t& out) {
  auto v = get(key);
  if (!v) return false;
  // The common case builds no path string: only a failing value pays for its message.
  if (v->type() == simdjson::dom::element_type::INT64) {
    int64_t value = v->get_int64().value_unsafe();
    if (value >= lo && value <= hi) {
      out = value;
      return true;
    }
  }
  return read_integer(*v, child_path(key), lo, hi, out, issues_);
}

std::optional<JsonValue> ObjectReader::get_typed(std::string_view key,
                                                 simdjson::dom::element_type type,
                                                 std::string_view a_type) {
  auto v = get(key);
  if (v && v->type() != type) {
    issues_.add(child_path(key), fmt::format("must be {}, got {}", a_type, json_type_name(*v)));
    return std::nullopt;
  }
  return v;
}

bool ObjectReader::boolean(std::string_view key, bool& out) {
  auto v = get_typed(key, simdjson::dom::element_type::BOOL, "a boolean");
  if (!v) return false;
  out = v->get_bool().value_unsafe();
  return true;
}

bool ObjectReader::string(std::string_view key, std::string_view& out) {
  auto v = get_typed(key, simdjson::dom::element_type::STRING, "a string");
  if (!v) return false;
  out = v->get_string().value_unsafe();
  return true;
}

bool ObjectReader::one_of(std::string_view key, std::span<const std::string_view> names, int& out) {
  std::string_view s;
  if (!string(key, s)) return false;
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == s) {
      out = static_cast<int>(i);
      return true;
    }
  }
  std::string allowed;
  for (auto n : names) allowed += fmt::format("{}{}", allowed.empty() ? "" : ", ", n);
  std::string shown;
  for (char c : s.substr(0, 40)) {
    auto u = static_cast<unsigned char>(c);
    shown.push_back(u >= 0x20 && u < 0x7F ? c : '?');
  }
  issues_.add(child_path(key), fmt::format("must be one of {}, got \"{}\"", allowed, shown));
  return false;
}

std::optional<simdjson::dom::array> ObjectReader::array(std::string_view key, size_t max_len) {
  auto v = get(key);
  if (!v) return std::nullopt;
  if (v->type() != simdjson::dom::element_type::ARRAY) {
    issues_.add(child_path(key), fmt::format("must be an array, got {}", json_type_name(*v)));
    return std::nullopt;
  }
  auto arr = v->get_array().value_unsafe();
  if (arr.size() > max_len) {
    issues_.add(child_path(key), fmt::format("has more than {} entries", max_len));
    return std::nullopt;
  }
  return arr;
}

}  // namespace gb
