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

}  // namespace
}  // namespace gb
