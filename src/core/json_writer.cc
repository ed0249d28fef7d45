#include "core/json_writer.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>

namespace gb {

// True for bytes that JSON strings carry as they are (everything but '"', '\\' and controls).
static bool plain_byte(unsigned char c) {
  return c >= 0x20 && c != '"' && c != '\\';
}

// True when all 8 bytes of `w` are plain, tested at once (a game's observation text is mostly
// long plain runs). Each test below is exact about whether some byte matches: bytes below 0x20,
// then bytes equal to '"' or '\\' (found as zero bytes after an XOR).
static bool plain_word(uint64_t w) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  constexpr uint64_t kHigh = 0x8080808080808080ULL;
  auto has_below = [](uint64_t x, uint64_t n) { return ((x - kOnes * n) & ~x & kHigh) != 0; };
  return !has_below(w, 0x20) && !has_below(w ^ (kOnes * '"'), 1) &&
         !has_below(w ^ (kOnes * '\\'), 1);
}

// The length of the plain run at the start of `s`.
static size_t plain_prefix(std::string_view s) {
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    if (!plain_word(w)) break;
  }
  while (i < s.size() && plain_byte(static_cast<unsigned char>(s[i]))) ++i;
  return i;
}

// Copies n bytes with fixed-size moves (which compile to plain loads and stores) when n is at
// most 16, the length of nearly every key and value; longer runs go to memcpy.
static void copy_bytes(char* dst, const char* src, size_t n) {
  if (n >= 8 && n <= 16) {
    std::memcpy(dst, src, 8);
    std::memcpy(dst + n - 8, src + n - 8, 8);
  } else if (n >= 4 && n < 8) {
    std::memcpy(dst, src, 4);
    std::memcpy(dst + n - 4, src + n - 4, 4);
  } else if (n < 4) {
    for (size_t i = 0; i < n; ++i) dst[i] = src[i];
  } else {
    std::memcpy(dst, src, n);
  }
}

// Writes the escape sequence of the byte `c`, which is not plain, at `dst`; returns the end.
static char* write_escape(char* dst, unsigned char c) {
  static constexpr char kHex[] = "0123456789abcdef";
  char short_form = 0;
  switch (c) {
    case '"':
      short_form = '"';
      break;
    case '\\':
      short_form = '\\';
      break;
    case '\n':
      short_form = 'n';
      break;
    case '\r':
      short_form = 'r';
      break;
    case '\t':
      short_form = 't';
      break;
    case '\b':
      short_form = 'b';
      break;
    case '\f':
      short_form = 'f';
      break;
    default:
      std::memcpy(dst, "\\u00", 4);
      dst[4] = kHex[c >> 4];
      dst[5] = kHex[c & 15];
      return dst + 6;
  }
  dst[0] = '\\';
  dst[1] = short_form;
  return dst + 2;
}

// The most bytes `s` can take quoted and escaped: every byte a \u00XX escape, and the quotes.
static size_t max_quoted_size(std::string_view s) {
  return 6 * s.size() + 2;
}

// True when every byte of `s` is plain: short strings (every key, most values) byte by byte
// without branches, longer ones a word at a time, the last word overlapping the one before it
// so that no read leaves `s`.
static bool all_plain(std::string_view s) {
  const size_t n = s.size();
  if (n < 8) {
    bool plain = true;
    for (char c : s) plain &= plain_byte(static_cast<unsigned char>(c));
    return plain;
  }
  uint64_t w;
  for (size_t i = 0; i + 8 < n; i += 8) {
    std::memcpy(&w, s.data() + i, 8);
    if (!plain_word(w)) return false;
  }
  std::memcpy(&w, s.data() + n - 8, 8);
  return plain_word(w);
}

// Writes `s` quoted and escaped at `dst`, which has room for max_quoted_size(s) bytes; returns
// the end. A plain string is copied whole; otherwise plain runs are found a word at a time and
// copied in one go.
static char* write_quoted(char* dst, std::string_view s) {
  *dst++ = '"';
  if (all_plain(s)) {
    copy_bytes(dst, s.data(), s.size());
    dst += s.size();
    *dst++ = '"';
    return dst;
  }
  size_t i = 0;
  while (i < s.size()) {
    const size_t run = plain_prefix(s.substr(i));
    copy_bytes(dst, s.data() + i, run);
    dst += run;
    i += run;
    if (i == s.size()) break;
    dst = write_escape(dst, static_cast<unsigned char>(s[i]));
    ++i;
  }
  *dst++ = '"';
  return dst;
}

void append_json_string(std::string& out, std::string_view s) {
  const size_t old = out.size();
  out.resize(old + max_quoted_size(s));
  char* end = write_quoted(out.data() + old, s);
  out.resize(static_cast<size_t>(end - out.data()));
}

std::string JsonWriter::take() {
  buf_.resize(len_);
  std::string out = std::move(buf_);
  buf_.clear();
  clear();
  return out;
}

void JsonWriter::grow(size_t n) {
  buf_.resize(std::max(buf_.size() * 2, len_ + n + 256));
}

void JsonWriter::open(char c) {
  char* p = room(2);
  if (needs_comma()) *p++ = ',';
  *p++ = c;
  commit(p);
  value_ended_ = false;
}

void JsonWriter::put_scalar(std::string_view text) {
  char* p = room(text.size() + 1);
  if (needs_comma()) *p++ = ',';
  copy_bytes(p, text.data(), text.size());
  commit(p + text.size());
  value_ended_ = true;
}

void JsonWriter::write_string(std::string_view s, bool is_key) {
  char* p = room(max_quoted_size(s) + 2);
  if (needs_comma()) *p++ = ',';
  p = write_quoted(p, s);
  if (is_key) *p++ = ':';
  commit(p);
  value_ended_ = !is_key;
}

// Integers are written straight into the buffer: the comma, then the digits.
template <class Int>
static char* write_integer(char* p, bool comma, Int v) {
  if (comma) *p++ = ',';
  return std::to_chars(p, p + 20, v).ptr;  // 20 characters hold any 64-bit value and its sign
}

void JsonWriter::value(int64_t v) {
  char* p = room(21);
  commit(write_integer(p, needs_comma(), v));
  value_ended_ = true;
}

void JsonWriter::value(uint64_t v) {
  char* p = room(21);
  commit(write_integer(p, needs_comma(), v));
  value_ended_ = true;
}

}  // namespace gb
