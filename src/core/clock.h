// The wall clock, in one place: the UTC timestamps runs, held games and the store's rows carry
// ("2026-01-31T12:00:00.000Z", which sort as text in time order) and today's UTC date. Nothing
// that feeds a game state reads it.
#pragma once

#include <chrono>
#include <string>

namespace gb {

// `when` as UTC with milliseconds: YYYY-MM-DDTHH:MM:SS.mmmZ.
std::string format_utc(std::chrono::system_clock::time_point when);

// The time now, formatted by format_utc.
std::string utc_now();

// The time `hours` hours ago, formatted by format_utc (compared as text with stored timestamps).
std::string utc_hours_ago(int hours);

// Today's UTC date: YYYY-MM-DD.
std::string utc_today();

}  // namespace gb
