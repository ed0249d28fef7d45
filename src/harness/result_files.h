// Per-seed eval results as files: JSON (a list of {seed, score, length, endReason,
// actionsDigest}) or CSV with the same columns, chosen by the file's extension.
#pragma once

#include <string>
#include <vector>

#include "agents/common/run.h"

namespace gb::harness {

// Returns the results as a JSON array, one object per seed, in order.
std::string results_json(const std::vector<agents::RunResult>& results);

// Returns the results as CSV with a header line.
std::string results_csv(const std::vector<agents::RunResult>& results);

// Writes `text` to `path`; false and `error` set when the file cannot be written.
bool write_text_file(const std::string& path, const std::string& text, std::string& error);

// Reads the whole file at `path` into `text`; false and `error` set when it cannot be read.
bool read_text_file(const std::string& path, std::string& text, std::string& error);

// True when `path` ends in ".json" or ".csv" (the formats `--out` understands).
bool is_results_path(const std::string& path);

}  // namespace gb::harness
