// The one escaping rule of the HTML pages and the SVG histograms.
#include "core/markup_escape.h"

#include <gtest/gtest.h>

namespace gb {
namespace {

TEST(MarkupEscape, CoversMarkupAndBothQuotes) {
  EXPECT_EQ(markup_escape("<a href=\"x\">'&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
}

TEST(MarkupEscape, LeavesOtherTextAloneAndAppends) {
  std::string out = "kept: ";
  append_markup_escaped(out, "Stormlark \xc3\xa9 1..100 #3;");
  EXPECT_EQ(out, "kept: Stormlark \xc3\xa9 1..100 #3;");
  EXPECT_EQ(markup_escape(""), "");
}

}  // namespace
}  // namespace gb
