#include "harness/result_files.h"

#include <fstream>
#include <iterator>

#include "core/json_writer.h"

namespace gb::harness {

std::string results_json(const std::vector<agents::RunResult>& results) {
  JsonWriter w;
  w.begin_array();
  for (const auto& r : results) {
    w.begin_object();
    w.field("seed", r.seed);
    w.field("score", r.score);
    w.field("length", r.length);
    w.field("endReason", std::string_view(r.end_reason));
    w.field("actionsDigest", std::string_view(r.actions_digest));
    w.end_object();
  }
  w.end_array();
  return w.take() + "\n";
}

std::string results_csv(const std::vector<agents::RunResult>& results) {
  std::string out = "seed,score,length,endReason,actionsDigest\n";
  for (const auto& r : results) {
    out += std::to_string(r.seed) + "," + std::to_string(r.score) + "," + std::to_string(r.length) +
           "," + r.end_reason + "," + r.actions_digest + "\n";
  }
  return out;
}

bool write_text_file(const std::string& path, const std::string& text, std::string& error) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file << text;
  file.close();
  if (!file) {
    error = "cannot write " + path;
    return false;
  }
  return true;
}

bool read_text_file(const std::string& path, std::string& text, std::string& error) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    error = "cannot read " + path;
    return false;
  }
  text.assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
  if (file.bad()) {
    error = "cannot read " + path;
    return false;
  }
  return true;
}

bool is_results_path(const std::string& path) {
  auto ends_with = [&](std::string_view suffix) {
    return path.size() > suffix.size() &&
           path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  return ends_with(".json") || ends_with(".csv");
}

}  // namespace gb::harness
