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

}  // namespace
}  // namespace gb
