#include "registry/service.h"

namespace gb {

void write_spec(const GameInfo& info, JsonWriter& out) {
  out.begin_object();
  out.field("slug", info.slug);
  out.field("name", info.name);
  out.field("goal", info.goal);
  out.field("scoring", info.scoring);
  out.field("rules", info.rules);
  out.key("actionGrammar");
  out.raw(info.action_grammar);
  out.end_object();
}

void write_error(std::string_view error, const Issues& issues, JsonWriter& out) {
  out.begin_object();
  out.field("error", error);
  out.key("issues");
  out.begin_array();
  for (const auto& i : issues.list()) out.value(i);
  if (issues.total() > issues.list().size()) {
    out.value(std::to_string(issues.total() - issues.list().size()) + " more");
  }
  out.end_array();
  out.end_object();
}

}  // namespace gb

namespace gb {

std::string run_action_issue(size_t index, std::string_view issue) {
  std::string root = "actions[" + std::to_string(index) + "]";
  constexpr std::string_view kActionRoot = "action";
  if (issue.starts_with(kActionRoot)) {
    issue.remove_prefix(kActionRoot.size());
    return root + std::string(issue);
  }
  return root + ": " + std::string(issue);
}

}  // namespace gb
