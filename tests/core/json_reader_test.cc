#include "core/json_reader.h"

#include <gtest/gtest.h>

#include <string>

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

}  // namespace
}  // namespace gb
