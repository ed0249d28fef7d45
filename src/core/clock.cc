#include "core/clock.h"

#include <cstdio>
#include <ctime>

namespace gb {

std::string format_utc(std::chrono::system_clock::time_point when) {
  using namespace std::chrono;
  std::time_t seconds = system_clock::to_time_t(when);
  auto millis = duration_cast<milliseconds>(when.time_since_epoch()).count() % 1000;
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[64];
  std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", utc.tm_year + 1900,
                utc.tm_mon + 1, utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec,
                static_cast<int>(millis));
  return text;
}

std::string utc_now() {
  return format_utc(std::chrono::system_clock::now());
}

std::string utc_hours_ago(int hours) {
  return format_utc(std::chrono::system_clock::now() - std::chrono::hours(hours));
}

std::string utc_today() {
  return utc_now().substr(0, 10);
}

}  // namespace gb
