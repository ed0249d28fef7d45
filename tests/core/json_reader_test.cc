#include "core/json_reader.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace gb {
namespace {

// A default-constructed view has a null data pointer; the reader must refuse it as invalid JSON
// without handing the null pointer on (UBSan caught simdjson's memcpy(dst, nullptr, 0) in CI).
TEST(JsonReader, NullEmptyViewIsRefusedAsInvalidJson) {
  Issues issues;
  EXPECT_FALSE(parse_json(std::string_view(), issues).has_value());
  ASSERT_EQ(issues.list().size(), 1u);
  EXPECT_EQ(issues.list()[0].rfind("body: not valid JSON", 0), 0u) << issues.list()[0];
}

TEST(JsonReader, EmptyStringIsRefusedLikeTheNullView) {
  Issues from_null;
  Issues from_empty;
  std::string empty;
  parse_json(std::string_view(), from_null);
  parse_json(empty, from_empty);
  EXPECT_EQ(from_null.list(), from_empty.list());
}

TEST(JsonReader, BodyOverOneMebibyteIsRefusedBeforeParsing) {
  Issues issues;
  std::string big(kMaxJsonBytes + 1, ' ');
  EXPECT_FALSE(parse_json(big, issues).has_value());
  ASSERT_EQ(issues.list().size(), 1u);
  EXPECT_EQ(issues.list()[0], "body: larger than 1 MiB");
}

// An element path is formatted only for an issue, and then reads "<array>[<index>]".
TEST(JsonReader, ElementPathNamesTheElementInItsIssues) {
  Issues issues;
  auto root = parse_json(R"([7, {"a": 1}, {"a": "x"}])", issues);
  ASSERT_TRUE(root.has_value());
  auto items = root->get_array().value();
  ObjectReader not_object(items.at(0).value(), ElementPath{"state.list", 0}, issues);
  EXPECT_FALSE(not_object.is_object());
  int64_t a = 0;
  ObjectReader good(items.at(1).value(), ElementPath{"state.list", 1}, issues);
  EXPECT_TRUE(good.integer("a", 0, 9, a));
  ObjectReader bad(items.at(2).value(), ElementPath{"state.list", 12}, issues);
  EXPECT_FALSE(bad.integer("a", 0, 9, a));
  EXPECT_EQ(bad.path(), "state.list[12]");
  ASSERT_EQ(issues.list().size(), 2u);
  EXPECT_EQ(issues.list()[0], "state.list[0]: must be an object, got integer");
  EXPECT_EQ(issues.list()[1], "state.list[12].a: must be an integer, got string");
}

// get() finds a field asked for in the order sent without a search; every order of asking, and
// a key asked twice, must still give the first appearance of each key, as a search would.
TEST(JsonReader, FieldsAreFoundInAnyOrderAndTheFirstOfRepeatedKeysCounts) {
  // Keys of every length 0..20 (the byte comparison has paths for <4, 4..7, 8..16 and longer),
  // with look-alikes that share a length and differ only in their last byte.
  std::vector<std::string> keys;
  for (size_t len = 0; len <= 20; ++len) {
    keys.push_back(std::string(len, 'k'));
    if (len > 0) keys.push_back(std::string(len - 1, 'k') + "z");
  }
  std::string json = "{";
  for (size_t i = 0; i < keys.size(); ++i) json += "\"" + keys[i] + "\":" + std::to_string(i) + ",";
  json += "\"k\":999,\"kk\":998}";  // repeated keys: the first appearance counts
  Issues issues;
  auto root = parse_json(json, issues);
  ASSERT_TRUE(root);
  std::vector<size_t> order(keys.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  for (int round = 0; round < 50; ++round) {
    ObjectReader r(*root, "o", issues);
    for (size_t i : order) {
      int64_t v = -1;
      ASSERT_TRUE(r.integer(keys[i], 0, 1000, v)) << keys[i];
      EXPECT_EQ(v, static_cast<int64_t>(i)) << "key '" << keys[i] << "' round " << round;
    }
    int64_t again = -1;  // asked a second time: still the first appearance
    ASSERT_TRUE(r.integer("k", 0, 1000, again));
    EXPECT_EQ(again, 1);  // keys[1] is "k"
    // The next round asks in another order (a fixed shuffle, so a failure can be replayed).
    for (size_t i = order.size() - 1; i > 0; --i) {
      std::swap(order[i], order[(i * 7 + static_cast<size_t>(round) * 13) % (i + 1)]);
    }
  }
  EXPECT_TRUE(issues.empty());
}

TEST(JsonReader, RepeatedKeyAfterItsFirstAppearanceIsIgnoredInSentOrder) {
  Issues issues;
  auto root = parse_json(R"({"a":1,"b":2,"a":3})", issues);
  ASSERT_TRUE(root);
  ObjectReader r(*root, "o", issues);
  int64_t a = 0;
  int64_t b = 0;
  ASSERT_TRUE(r.integer("b", 0, 9, b));  // out of order first: the fast path is off
  ASSERT_TRUE(r.integer("a", 0, 9, a));
  EXPECT_EQ(a, 1);
  EXPECT_EQ(b, 2);
  ObjectReader in_order(*root, "o", issues);
  ASSERT_TRUE(in_order.integer("a", 0, 9, a));
  ASSERT_TRUE(in_order.integer("b", 0, 9, b));
  ASSERT_TRUE(in_order.integer("a", 0, 9, a));  // the field after b is the repeated a
  EXPECT_EQ(a, 1);
}

}  // namespace
}  // namespace gb
