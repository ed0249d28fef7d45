#include "core/json_writer.h"

#include <gtest/gtest.h>

#include "core/json_reader.h"

namespace gb {
namespace {

TEST(JsonWriter, WritesNestedContainersWithCommas) {
  JsonWriter w;
  w.begin_object();
  w.field("a", 1);
  w.key("b");
  w.begin_array();
  w.value(true);
  w.null();
  w.value("x");
  w.end_array();
  w.field("c", int64_t{-5});
  w.end_object();
  EXPECT_EQ(w.str(), R"({"a":1,"b":[true,null,"x"],"c":-5})");
}

TEST(JsonWriter, EscapesEveryControlCharacterAndReparsesToTheSameString) {
  std::string all;
  for (int c = 0; c < 128; ++c) all.push_back(static_cast<char>(c));
  all += "\xC3\xA9";  // UTF-8 passes through
  JsonWriter w;
  w.value(all);
  Issues issues;
  auto v = parse_json(w.str(), issues);
  ASSERT_TRUE(v);
  std::string_view back;
  ASSERT_FALSE(v->get_string().get(back));
  EXPECT_EQ(back, all);
}

TEST(JsonReader, ReportsMissingWrongTypeAndOutOfRangeWithPaths) {
  Issues issues;
  auto v = parse_json(R"({"a":"x","b":12,"c":1.5})", issues);
  ASSERT_TRUE(v);
  ObjectReader r(*v, "state", issues);
  int64_t out = 0;
  EXPECT_FALSE(r.integer("a", 0, 9, out));
  EXPECT_FALSE(r.integer("b", 0, 9, out));
  EXPECT_FALSE(r.integer("c", 0, 9, out));
  EXPECT_FALSE(r.integer("d", 0, 9, out));
  ASSERT_EQ(issues.list().size(), 4u);
  EXPECT_EQ(issues.list()[0], "state.a: must be an integer, got string");
  EXPECT_EQ(issues.list()[1], "state.b: must be in 0..9, got 12");
  EXPECT_EQ(issues.list()[2], "state.c: must be an integer, got number");
  EXPECT_EQ(issues.list()[3], "state.d: is missing");
}

TEST(JsonReader, RefusesDeepNestingAndBadJson) {
  Issues issues;
  EXPECT_FALSE(parse_json(std::string(100, '[') + std::string(100, ']'), issues));
  EXPECT_FALSE(parse_json("{", issues));
  EXPECT_EQ(issues.total(), 2u);
}

// The writer scans 8 bytes at a time: a byte that needs escaping must be found at every offset of
// a word, next to plain ASCII and UTF-8 bytes, exactly as a byte-at-a-time escaper finds it.
TEST(JsonWriter, WordAtATimeScanEscapesLikeByteAtATime) {
  auto reference = [](std::string_view s) {
    std::string out = "\"";
    for (unsigned char c : s) {
      if (c == '"') {
        out += "\\\"";
      } else if (c == '\\') {
        out += "\\\\";
      } else if (c == '\n') {
        out += "\\n";
      } else if (c == '\r') {
        out += "\\r";
      } else if (c == '\t') {
        out += "\\t";
      } else if (c == '\b') {
        out += "\\b";
      } else if (c == '\f') {
        out += "\\f";
      } else if (c < 0x20) {
        static constexpr char kHex[] = "0123456789abcdef";
        out += "\\u00";
        out.push_back(kHex[c >> 4]);
        out.push_back(kHex[c & 15]);
      } else {
        out.push_back(static_cast<char>(c));
      }
    }
    return out + "\"";
  };
  const std::string specials = std::string("\"\\\n\x1f\x01", 5) + std::string(1, '\0');
  const std::string fillers[] = {"a", "~", " ", "!", "#", "[", "]", "\xC3\xA9", "\x7f", "\xff"};
  int checked = 0;
  for (const std::string& filler : fillers) {
    for (size_t len = 0; len <= 20; ++len) {
      for (size_t at = 0; at <= len; ++at) {
        for (char special : specials) {
          std::string s;
          while (s.size() < len) s += filler;
          s.resize(len);
          if (at < len) s[at] = special;
          JsonWriter w;
          w.value(s);
          ASSERT_EQ(w.str(), reference(s)) << "len " << len << " at " << at;
          ++checked;
        }
      }
    }
  }
  EXPECT_EQ(checked, 10 * 231 * 6);
}

// Strings past the short-string paths: a byte needing escape at the start, middle and end of
// plain runs up to 70 bytes, compared with the escaper pretty printing uses.
TEST(JsonWriter, LongStringsEscapeLikeAppendJsonString) {
  for (size_t len = 0; len <= 70; ++len) {
    for (size_t at = 0; at <= len; ++at) {
      std::string s(len, 'x');
      if (at < len) s[at] = '\n';
      JsonWriter w;
      w.value(s);
      std::string expected;
      append_json_string(expected, s);
      ASSERT_EQ(w.str(), expected) << "len " << len << " at " << at;
      EXPECT_EQ(expected.size(), len + 2 + (at < len ? 1 : 0));
    }
  }
}

TEST(JsonWriter, KeysAreEscapedLikeValues) {
  JsonWriter w;
  w.begin_object();
  w.field("a\"b", 1);
  w.field("", "");
  w.end_object();
  EXPECT_EQ(w.str(), R"({"a\"b":1,"":""})");
}

// The buffer grows while writing and is kept by clear(); take() hands the document over and
// leaves an empty writer that starts a fresh document (no comma carried over).
TEST(JsonWriter, GrowsClearsAndHandsOverItsDocument) {
  JsonWriter w;
  std::string expected = "[";
  w.begin_array();
  for (int i = 0; i < 5000; ++i) {
    w.value(i);
    w.value("s");
    if (i > 0) expected += ",";
    expected += std::to_string(i);
    expected += ",\"s\"";
  }
  w.end_array();
  expected += "]";
  EXPECT_EQ(w.str(), expected);
  w.clear();
  w.value(int64_t{-9223372036854775807 - 1});
  EXPECT_EQ(w.str(), "-9223372036854775808");
  w.clear();
  w.value(uint64_t{18446744073709551615ULL});
  std::string taken = w.take();
  EXPECT_EQ(taken, "18446744073709551615");
  EXPECT_EQ(w.str(), "");
  w.begin_object();
  w.key("k");
  w.raw("[1]");
  w.field("b", false);
  w.key("n");
  w.null();
  w.end_object();
  EXPECT_EQ(w.take(), R"({"k":[1],"b":false,"n":null})");
}

}  // namespace
}  // namespace gb
