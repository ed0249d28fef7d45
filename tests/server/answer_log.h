// Recording answers for the OpenAPI check (tests/openapi/validate.mjs): when the environment
// variable GB_ANSWER_LOG names a file, every exchange the test clients make is appended to it as
// one JSON line {"method","target","status","body"[,"request"]}. Unset, nothing is written.
#pragma once

#include <string_view>

namespace gb::server::testing {

// Appends one exchange to the GB_ANSWER_LOG file (truncated when this process first writes).
// Thread-safe. Request bodies over 1 MiB are left out of the line.
void record_answer(std::string_view method, std::string_view target, std::string_view request,
                   int status, std::string_view body);

}  // namespace gb::server::testing
