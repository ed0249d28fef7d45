#include "runs/submit.h"

#include <chrono>
#include <cstdio>
#include <ctime>

#include "core/hash.h"
#include "runs/names.h"
#include "runs/secrets.h"
#include "runs/verify.h"

namespace gb::runs {
namespace {

// The idempotency key: the same (slug, seed, actions, name, kind) is one run.
std::string run_key(const VerifiedRun& run, const std::string& name_key, const std::string& kind) {
  return sha256_hex(run.slug + "\n" + std::to_string(run.seed) + "\n" + kind + "\n" + name_key +
                    "\n" + run.actions_json);
}

// Whether a client-chosen token may claim a new name: at least 128 bits written as 32 or more
// characters of [A-Za-z0-9_-] (hex or base64url), at most 128.
bool strong_token(const std::string& token) {
  if (token.size() < 32 || token.size() > 128) return false;
  for (char c : token) {
    bool ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              c == '_' || c == '-';
    if (!ok) return false;
  }
  return true;
}

}  // namespace

SubmitAnswer submit_run(store::Store& store, const RunSubmission& submission,
                        const std::string& now, const RunBounds& bounds) {
  SubmitAnswer answer;
  CheckedName name = check_name(submission.name);
  if (!name.issue.empty()) answer.issues.push_back(name.issue);
  CheckedName agent = check_agent_label(submission.agent);
  if (!agent.issue.empty()) answer.issues.push_back(agent.issue);
  if (!answer.issues.empty()) return answer;

  Verification verdict = verify_run(submission.slug, submission.seed, submission.actions, bounds);
  if (!verdict.run) {
    answer.issues.push_back(verdict.issue);
    return answer;
  }
  const VerifiedRun& run = *verdict.run;
  if (submission.declared_score && *submission.declared_score != run.score) {
    answer.issues.push_back("score: declared " + std::to_string(*submission.declared_score) +
                            ", replay gives " + std::to_string(run.score));
    return answer;
  }

  store::NewRun row;
  row.slug = run.slug;
  row.seed = run.seed;
  row.actions_json = run.actions_json;
  row.score = run.score;
  row.length = run.length;
  row.steps = run.steps;
  row.over = run.over;
  row.state_hash = run.state_hash;
  row.name = name.display;
  row.name_key = name.key;
  row.kind = submission.kind;
  row.agent = agent.display;
  row.rules_version = run.rules_version;
  row.run_key = run_key(run, name.key, submission.kind);
  row.created_at = now;
  row.day = now.substr(0, 10);

  // A client that chose a strong token of its own claims a new name with it, so a retry after a
  // lost answer still holds the name; otherwise the server mints one.
  std::string fresh_token =
      submission.token && strong_token(*submission.token) ? *submission.token : random_token();
  std::string presented = submission.token ? sha256_hex(*submission.token) : std::string();
  store::SubmitResult stored = store.submit(row, presented, sha256_hex(fresh_token));
  if (stored.status == store::SubmitStatus::kNameTaken) {
    answer.verdict = SubmitVerdict::kNameTaken;
    return answer;
  }
  answer.verdict = stored.status == store::SubmitStatus::kCreated ? SubmitVerdict::kCreated
                                                                  : SubmitVerdict::kExisting;
  answer.run = std::move(stored.run);
  if (stored.name_claimed) answer.token = std::move(fresh_token);
  answer.rank = store.rank_of(answer.run.slug, answer.run.kind, answer.run.rules_version,
                              answer.run.score, answer.run.name_key);
  return answer;
}

}  // namespace gb::runs
