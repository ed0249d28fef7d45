// The rule table: one named case per rule sentence, each a crafted state, one action and the
// expected result, with the GF IDs it covers in its name. Expected values are derived from the
// rules in the comments, never copied from a run.
#include <cctype>
#include <functional>

#include "glimfall/support.h"

namespace gb::glimfall {
namespace {

using namespace testing;

struct Case {
  const char* name;  // "<what> GF-xx ..."
  std::function<State()> before;
  Action action;
  std::function<void(const State& before, const State& after, const Outcome& o)> expect;
};

State running() {
  State s = init(7);
  s.status = Status::kRunning;
  return s;
}

State waiting() {
  return init(7);
}

// A state one tick before rib 0 arrives with rib 0 reshaped by `shape` and the Glim on `glim`.
State arriving(int glim, const std::function<void(Rib&)>& shape) {
  State s = before_first_arrival();
  shape(s.ribs[0]);
  s.bracket = static_cast<int8_t>(glim);
  return s;
}

const std::vector<Case>& cases() {
  static const std::vector<Case> kCases = {
      // --- Collar and ratchet -------------------------------------------------------------
      {"wrap clockwise 11 to 0 GF-02 GF-04",
       [] {
         State s = running();
         s.bracket = 11;
         return s;
       },
       rotate_action(1),
       [](const State&, const State& a, const Outcome& o) {
         EXPECT_TRUE(o.ok);
         EXPECT_EQ(a.bracket, 0);
         EXPECT_EQ(a.turn_lock, 6);
       }},
      {"wrap counter clockwise 0 to 11 GF-02 GF-04", [] { return running(); }, rotate_action(-1),
       [](const State&, const State& a, const Outcome& o) {
         EXPECT_TRUE(o.ok);
         EXPECT_EQ(a.bracket, 11);
         EXPECT_EQ(a.turn_lock, 6);
       }},
      {"wrap in waiting GF-02 GF-13", [] { return waiting(); }, rotate_action(-1),
       [](const State&, const State& a, const Outcome& o) {
         EXPECT_TRUE(o.ok);
         EXPECT_EQ(a.bracket, 11);
         EXPECT_EQ(a.turn_lock, 0);
       }},
      {"rotate passes no time and sweeps nothing GF-05",
       [] {
         State s = running();
         jump_to(s, 40);
         add_mote(s, 1, 40 + 0);  // a mote on the destination bracket is never taken by a rotate
         s.motes[s.mote_count - 1].tick = 41;
         return s;
       },
       rotate_action(1),
       [](const State& b, const State& a, const Outcome& o) {
         EXPECT_TRUE(o.ok);
         State expected = b;
         expected.bracket = 1;
         expected.turn_lock = 6;
         EXPECT_EQ(a, expected);
       }},
      {"rotate while locked is refused GF-07",
       [] {
         State s = running();
         s.turn_lock = 1;
         return s;
       },
       rotate_action(1),
       [](const State& b, const State& a, const Outcome& o) {
         EXPECT_FALSE(o.ok);
         EXPECT_EQ(o.reason, "ratchet_locked");
         EXPECT_EQ(a, b);
       }},
      {"lock falls by one per tick GF-06",
       [] {
         State s = running();
         s.turn_lock = 6;
         return s;
       },
       tick_action(4),
       [](const State&, const State& a, const Outcome& o) {
         EXPECT_TRUE(o.ok);
         EXPECT_EQ(a.turn_lock, 2);
       }},
      {"lock never below zero GF-06", [] { return running(); }, tick_action(3),
       [](const State&, const State& a, const Outcome&) { EXPECT_EQ(a.turn_lock, 0); }},
      {"rotate in waiting ignores and keeps a carried lock GF-13",
       [] {
         State s = waiting();
         s.turn_lock = 4;
         return s;
       },
       rotate_action(1),
       [](const State& b, const State& a, const Outcome& o) {
         EXPECT_TRUE(o.ok);
         State expected = b;
         expected.bracket = 1;
         EXPECT_EQ(a, expected);
       }},
      // --- Statuses ------------------------------------------------------------------------
      {"start in waiting GF-11", [] { return waiting(); }, start_action(),
       [](const State& b, const State& a, const Outcome& o) {
         EXPECT_TRUE(o.ok);
         State expected = b;
         expected.status = Status::kRunning;
         EXPECT_EQ(a, expected);
       }},
      {"start in running GF-12", [] { return running(); }, start_action(),
       [](const State& b, const State& a, const Outcome& o) {
         EXPECT_EQ(o.reason, "not_waiting");
         EXPECT_EQ(a, b);
       }},
      {"tick in waiting GF-23", [] { return waiting(); }, tick_action(5),
       [](const State& b, const State& a, const Outcome& o) {
         EXPECT_EQ(o.reason, "clock_not_running");
         EXPECT_EQ(a, b);
       }},
      // --- Arrival -------------------------------------------------------------------------
      {"thread pays 50 x mult and opens the window without a raise GF-35 GF-53 GF-54",
       [] {
         State s = arriving(3, [](Rib& r) { make_plain(r, 2, 3); });
         s.blaze = 12;  // multiplier 3
         return s;
       },
       tick_action(),
       [](const State& b, const State& a, const Outcome&) {
         EXPECT_EQ(a.score - b.score, 150);
         EXPECT_EQ(a.blaze, 12);
         EXPECT_EQ(a.blaze_window, 60);
         EXPECT_EQ(a.sparks, 3);
         EXPECT_TRUE(a.ribs[0].resolved);
         EXPECT_EQ(count_events(a, EventType::kThread), 1);
       }},
      {"knock spends a spark, zeroes blaze, starts Settle GF-38 GF-56",
       [] {
         State s = arriving(8, [](Rib& r) { make_plain(r, 2, 3); });
         s.blaze = 20;
         s.blaze_window = 30;
         return s;
       },
       tick_action(),
       [](const State& b, const State& a, const Outcome&) {
         EXPECT_EQ(a.score, b.score);
         EXPECT_EQ(a.sparks, 2);
         EXPECT_EQ(a.blaze, 0);
         EXPECT_EQ(a.blaze_window, 0);
         EXPECT_EQ(a.bleed_timer, 0);
         EXPECT_EQ(a.settle, 60);
         EXPECT_EQ(a.status, Status::kRunning);
         EXPECT_EQ(a.ribs_descended, 1);
       }},
      {"knock on the last spark ends the run GF-39 GF-14",
       [] {
         State s = arriving(8, [](Rib& r) { make_plain(r, 2, 3); });
         s.sparks = 1;
         return s;
       },
       tick_action(),
       [](const State&, const State& a, const Outcome& o) {
         EXPECT_TRUE(o.ok);
         EXPECT_EQ(a.sparks, 0);
         EXPECT_EQ(a.status, Status::kDone);
         EXPECT_EQ(live_rib_count(a), 3);  // GF-Q15: the refill still ran
       }},
      {"Settle phases a rib on stone GF-40",
       [] {
         State s = arriving(8, [](Rib& r) { make_plain(r, 2, 3); });
         s.settle = 5;
         return s;
       },
       tick_action(),
       [](const State& b, const State& a, const Outcome&) {
         EXPECT_EQ(a.sparks, 3);
         EXPECT_EQ(a.score, b.score);
         EXPECT_TRUE(a.ribs[0].resolved);
         EXPECT_EQ(a.ribs_descended, 1);
         EXPECT_EQ(a.settle, 4);
         EXPECT_EQ(count_events(a, EventType::kPhase), 1);
       }},
      {"Settle phases an open bracket too, paying nothing GF-40 GF-Q18",
       [] {
         State s = arriving(5, [](Rib& r) { make_split(r, 0, 3, 5); });
         s.settle = 1;
         return s;
       },
       tick_action(),
       [](const State& b, const State& a, const Outcome&) {
         EXPECT_EQ(a.score, b.score);
         EXPECT_EQ(a.blaze, 0);
         EXPECT_EQ(a.blaze_window, 0);  // a phased rib opens no window
         EXPECT_EQ(a.settle, 0);
         EXPECT_EQ(count_events(a, EventType::kSettled), 1);
       }},
      {"phased bloom beacon raises nothing GF-Q18",
       [] {
         State s = arriving(4, [](Rib& r) { make_bloom(r, 4); });
         s.settle = 30;
         return s;
       },
       tick_action(),
       [](const State& b, const State& a, const Outcome&) {
         EXPECT_EQ(a.score, b.score);
         EXPECT_EQ(a.blaze, 0);
       }},
      {"bright break pays 170 x mult and raises 4 GF-36 GF-57",
       [] {
         State s = arriving(7, [](Rib& r) { make_split(r, 0, 4, 7); });
         s.blaze = 2;  // multiplier 1 before the raise, 6 after
         return s;
       },
       tick_action(),
       [](const State& b, const State& a, const Outcome&) {
         EXPECT_EQ(a.score - b.score, 170);
         EXPECT_EQ(a.blaze, 6);
         EXPECT_EQ(a.blaze_window, 60);
         EXPECT_EQ(count_events(a, EventType::kBright), 1);
       }},
      {"split wide break threads without the bonus GF-31",
       [] { return arriving(1, [](Rib& r) { make_split(r, 0, 4, 7); }); }, tick_action(),
       [](const State& b, const State& a, const Outcome&) {
         EXPECT_EQ(a.score - b.score, 50);
         EXPECT_EQ(a.blaze, 0);
       }},
      {"beacon pays 130 x mult and raises 3 GF-37",
       [] {
         State s = arriving(9, [](Rib& r) { make_bloom(r, 9); });
         s.blaze = 6;  // multiplier 2
         return s;
       },
       tick_action(),
       [](const State& b, const State& a, const Outcome&) {
         EXPECT_EQ(a.score - b.score, 260);
         EXPECT_EQ(a.blaze, 9);
       }},
      {"bloom can never knock GF-32", [] { return arriving(2, [](Rib& r) { make_bloom(r, 9); }); },
       tick_action(),
       [](const State& b, const State& a, const Outcome&) {
         EXPECT_EQ(a.sparks, 3);
         EXPECT_EQ(a.score - b.score, 50);
       }},
      // --- Motes ---------------------------------------------------------------------------
      {"mote swept at its tick pays 10 x mult, +1 GF-44 GF-45 GF-57",
       [] {
         State s = running();
         jump_to(s, 50);
         add_mote(s, 0, 51);
         s.blaze = 5;  // multiplier 1 before the raise
         return s;
       },
       tick_action(),
       [](const State& b, const State& a, const Outcome&) {
         EXPECT_EQ(a.score - b.score, 10);
         EXPECT_EQ(a.blaze, 6);
         EXPECT_EQ(a.blaze_window, 60);
         EXPECT_EQ(a.motes[a.mote_count - 1].state, MoteState::kSwept);
       }},
      {"rich mote pays 30 x mult, +3 GF-45",
       [] {
         State s = running();
         jump_to(s, 50);
         add_mote(s, 0, 51, kRichMotePay);
         s.blaze = 6;  // multiplier 2
         return s;
       },
       tick_action(),
       [](const State& b, const State& a, const Outcome&) {
         EXPECT_EQ(a.score - b.score, 60);
         EXPECT_EQ(a.blaze, 9);
       }},
      {"blaze caps at 35 GF-52",
       [] {
         State s = running();
         jump_to(s, 50);
         add_mote(s, 0, 51, kRichMotePay);
         s.blaze = 34;  // multiplier 6
         return s;
       },
       tick_action(),
       [](const State& b, const State& a, const Outcome&) {
         EXPECT_EQ(a.score - b.score, 180);
         EXPECT_EQ(a.blaze, 35);
       }},
      {"missed mote changes nothing else GF-46",
       [] {
         State s = running();
         jump_to(s, 50);
         add_mote(s, 4, 51);
         s.blaze = 9;
         s.blaze_window = 20;
         return s;
       },
       tick_action(),
       [](const State& b, const State& a, const Outcome&) {
         EXPECT_EQ(a.score, b.score);
         EXPECT_EQ(a.blaze, 9);
         EXPECT_EQ(a.blaze_window, 19);
         EXPECT_EQ(a.motes[a.mote_count - 1].state, MoteState::kMissed);
       }},
      {"mote during Settle is swept as usual GF-42",
       [] {
         State s = running();
         jump_to(s, 50);
         add_mote(s, 0, 51);
         s.settle = 30;
         return s;
       },
       tick_action(),
       [](const State& b, const State& a, const Outcome&) {
         EXPECT_EQ(a.score - b.score, 10);
         EXPECT_EQ(a.blaze, 1);
       }},
      // --- Blaze window and bleed ----------------------------------------------------------
      {"window lapse bleeds 4 GF-55",
       [] {
         State s = running();
         jump_to(s, 50);
         s.blaze = 10;
         s.blaze_window = 1;
         return s;
       },
       tick_action(),
       [](const State&, const State& a, const Outcome&) {
         EXPECT_EQ(a.blaze, 6);
         EXPECT_EQ(a.blaze_window, 0);
         EXPECT_EQ(a.bleed_timer, 30);
         EXPECT_EQ(count_events(a, EventType::kLapse), 1);
       }},
      {"bleed every 30 while lapsed GF-55 GF-56",
       [] {
         State s = running();
         jump_to(s, 50);
         s.blaze = 6;
         s.bleed_timer = 1;
         return s;
       },
       tick_action(),
       [](const State&, const State& a, const Outcome&) {
         EXPECT_EQ(a.blaze, 2);
         EXPECT_EQ(a.bleed_timer, 30);
       }},
      {"bleed floors at 0 and idles the timer GF-55 GF-Q09",
       [] {
         State s = running();
         jump_to(s, 50);
         s.blaze = 3;
         s.bleed_timer = 1;
         return s;
       },
       tick_action(),
       [](const State&, const State& a, const Outcome&) {
         EXPECT_EQ(a.blaze, 0);
         EXPECT_EQ(a.bleed_timer, 0);
       }},
      {"award on the lapse tick uses the pre-lapse multiplier GF-Q10",
       [] {
         State s = running();
         jump_to(s, 50);
         add_mote(s, 0, 51);
         s.blaze = 6;  // multiplier 2; a lapse first would have made it 1
         s.blaze_window = 1;
         return s;
       },
       tick_action(),
       [](const State& b, const State& a, const Outcome&) {
         EXPECT_EQ(a.score - b.score, 20);
         EXPECT_EQ(a.blaze, 7);
         EXPECT_EQ(a.blaze_window, 60);
       }},
      {"thread refreshes a lapsed bleed GF-54",
       [] {
         State s = arriving(2, [](Rib& r) { make_plain(r, 2); });
         s.blaze = 8;
         s.bleed_timer = 1;
         return s;
       },
       tick_action(),
       [](const State&, const State& a, const Outcome&) {
         EXPECT_EQ(a.blaze, 8);
         EXPECT_EQ(a.blaze_window, 60);
         EXPECT_EQ(a.bleed_timer, 0);
       }},
      // --- Reaches -------------------------------------------------------------------------
      {"reach 2 with 3 sparks pays 650, unmultiplied GF-60 GF-61 GF-58",
       [] {
         State s = arriving(2, [](Rib& r) { make_plain(r, 2); });
         s.ribs_descended = 9;  // crafted: this arrival is the 10th rib
         s.blaze = 30;          // multiplier 6: thread 300, reach never multiplied
         return s;
       },
       tick_action(),
       [](const State& b, const State& a, const Outcome&) {
         EXPECT_EQ(a.reach, 2);
         EXPECT_EQ(a.ribs_descended, 10);
         EXPECT_EQ(a.score - b.score, 300 + 650);
         EXPECT_EQ(a.sparks, 3);
       }},
      {"reach 3 with 2 sparks pays 600 then restores GF-62",
       [] {
         State s = arriving(2, [](Rib& r) { make_plain(r, 2); });
         s.ribs_descended = 19;
         s.reach = 2;
         s.sparks = 2;
         return s;
       },
       tick_action(),
       [](const State& b, const State& a, const Outcome&) {
         EXPECT_EQ(a.score - b.score, 50 + 600);
         EXPECT_EQ(a.sparks, 3);
         EXPECT_EQ(count_events(a, EventType::kRestore), 1);
       }},
      {"reach 3 with 3 sparks pays 700 and caps GF-62 GF-63",
       [] {
         State s = arriving(2, [](Rib& r) { make_plain(r, 2); });
         s.ribs_descended = 19;
         s.reach = 2;
         return s;
       },
       tick_action(),
       [](const State& b, const State& a, const Outcome&) {
         EXPECT_EQ(a.score - b.score, 50 + 700);
         EXPECT_EQ(a.sparks, 3);
       }},
      {"reach 6 restores a spark GF-62",
       [] {
         State s = arriving(2, [](Rib& r) { make_plain(r, 2); });
         s.ribs_descended = 49;
         s.reach = 5;
         s.sparks = 1;
         return s;
       },
       tick_action(),
       [](const State& b, const State& a, const Outcome&) {
         EXPECT_EQ(a.score - b.score, 50 + 250 + 300 + 100);
         EXPECT_EQ(a.sparks, 2);
       }},
      {"reach 9 restores a spark GF-62",
       [] {
         State s = arriving(2, [](Rib& r) { make_plain(r, 2); });
         s.ribs_descended = 79;
         s.reach = 8;
         s.sparks = 2;
         return s;
       },
       tick_action(),
       [](const State& b, const State& a, const Outcome&) {
         EXPECT_EQ(a.score - b.score, 50 + 250 + 450 + 200);
         EXPECT_EQ(a.sparks, 3);
       }},
      {"reach 4 restores nothing GF-62",
       [] {
         State s = arriving(2, [](Rib& r) { make_plain(r, 2); });
         s.ribs_descended = 29;
         s.reach = 3;
         s.sparks = 1;
         return s;
       },
       tick_action(),
       [](const State& b, const State& a, const Outcome&) {
         EXPECT_EQ(a.score - b.score, 50 + 250 + 200 + 100);
         EXPECT_EQ(a.sparks, 1);
       }},
      {"10th rib knocks: spark spent before the carry, restore after GF-Q19",
       [] {
         State s = arriving(9, [](Rib& r) { make_plain(r, 2); });
         s.ribs_descended = 19;
         s.reach = 2;
         s.sparks = 2;
         return s;
       },
       tick_action(),
       [](const State& b, const State& a, const Outcome&) {
         EXPECT_EQ(a.score - b.score, 250 + 150 + 100);  // one spark carried
         EXPECT_EQ(a.sparks, 2);                         // 2 - 1 + 1
         EXPECT_EQ(a.status, Status::kRunning);
       }},
      {"last spark knocked on a reach 3: paid with 0, no restore, done GF-Q19 GF-39",
       [] {
         State s = arriving(9, [](Rib& r) { make_plain(r, 2); });
         s.ribs_descended = 19;
         s.reach = 2;
         s.sparks = 1;
         return s;
       },
       tick_action(),
       [](const State& b, const State& a, const Outcome&) {
         EXPECT_EQ(a.score - b.score, 250 + 150);
         EXPECT_EQ(a.sparks, 0);
         EXPECT_EQ(a.reach, 3);
         EXPECT_EQ(a.status, Status::kDone);
       }},
      {"thread, knock and phase all count as descended GF-59",
       [] {
         State s = arriving(9, [](Rib& r) { make_plain(r, 2); });
         s.settle = 3;
         return s;
       },
       tick_action(),
       [](const State& b, const State& a, const Outcome&) {
         EXPECT_EQ(a.ribs_descended, b.ribs_descended + 1);
       }},
  };
  return kCases;
}

class RuleTable : public ::testing::TestWithParam<size_t> {};

TEST_P(RuleTable, Case) {
  const Case& c = cases()[GetParam()];
  SCOPED_TRACE(c.name);
  const State before = c.before();
  State after = before;
  const Outcome o = apply(after, c.action);
  c.expect(before, after, o);
  if (!o.ok) {
    EXPECT_EQ(encode(after), encode(before));  // GF-16: a refusal changes nothing
  }
}

std::string case_name(const ::testing::TestParamInfo<size_t>& info) {
  std::string n;
  for (char ch : std::string(cases()[info.param].name)) {
    n.push_back(std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_');
  }
  return n;
}

INSTANTIATE_TEST_SUITE_P(Glimfall, RuleTable, ::testing::Range<size_t>(0, cases().size()),
                         case_name);

}  // namespace
}  // namespace gb::glimfall
