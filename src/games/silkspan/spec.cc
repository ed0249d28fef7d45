// The texts Silkspan publishes in `spec` and the docs: the seed's rules plus every resolution
// (docs/rules/silkspan.md holds the same decisions under their SS IDs).
#include "games/silkspan/traits.h"

namespace gb::silkspan {

const GameInfo& Traits::info() {
  static const GameInfo kInfo{
      .slug = "silkspan",
      .name = "Silkspan",
      .genre = "real-time territory puzzle",
      .description =
          "Weave silk across an endless ladder of 36x48 panels: trail a thread through the dark, "
          "close it on woven ground, and claim every pocket with no moth in it.",
      .goal =
          "Weave silk across an endless ladder of panels. The field is 36 rows by 48 columns; the "
          "1-cell frame is woven when a panel opens, leaving 1564 interior cells in play. Walk "
          "freely on woven cells; step into the dark and a live thread trails behind you; touch "
          "woven ground again and the thread turns to silk and every dark region holding no moth "
          "fills. Reach the panel's coverage target and a harder panel opens. Moths keep coming "
          "forever; the run lasts as long as your spools do, or until you end it with endRun.",
      .scoring =
          "A claim of n cells (thread cells plus every filled cell) pays 5*m*n, m read from that "
          "one claim: x1 below 8% of 1564, x2 from 126 cells (100n >= 12512), x3 from 235 (100n >= "
          "23460), x4 from 391 (100n >= 39100). Clearing panel P pays 30*P*(10+min(5,F)), F the "
          "earlier panels cleared without losing a spool, plus 30 per whole percentage point of "
          "coverage above the target (floor(100w/1564) - T, w woven interior cells after the "
          "clearing claim). After every claim each moth whose 4-connected dark region holds 78 "
          "cells or fewer pays 500*P, once per moth per panel. All awards are exact integers; the "
          "score never falls and is held at the plausibility guard 10^15.",
      .rules =
          "Actions: start, setHeading{dir 0 up,1 right,2 down,3 left}, release, tick{count "
          "1..600, default 1; in process above 600 runs 600}, nextStage, endRun. Refusals, first "
          "match wins: unknown_action; run_ended (status over); already_started (start outside "
          "waiting); panel_not_running (setHeading, release, tick outside running); bad_heading "
          "(dir not 0..3); bad_tick_count (count below 1); panel_not_cleared (nextStage outside "
          "stageClear); nothing_to_keep (endRun in waiting). A refusal changes nothing, rngState "
          "included. Status: waiting (init: fresh field, spinner at (23,35), no moths or beetles, "
          "rngState 0), running, stageClear, over. start lays out panel 1; nextStage lays out "
          "panel P+1 (held at 6000) as a fresh field keeping score and spools. endRun sets status "
          "over and changes nothing else (a live thread or spark stays in the final state). "
          "Layout: spinner at (23,35) with heading released, tick 0, no invulnerability; each moth "
          "on the k-th free dark cell (row-major) at Manhattan distance 12 or more from the "
          "spinner (any free dark cell if none), k = below(count), then its diagonal course "
          "below(4) of (+1,+1),(+1,-1),(-1,+1),(-1,-1); then one offset below(46) and the beetles "
          "spread over the top frame cells at walk indices (offset + i*46/n) mod 46, each "
          "clockwise with chance 500 per mille. "
          "One tick, in order: 1 tick+1 and the invulnerability counter -1; 2 on ticks divisible "
          "by 4 with a heading set, one step; 3 a beetle on the spinner's cell while it stands on "
          "woven ground costs a spool; 4 on ticks divisible by mothPeriod each moth moves in array "
          "order; 5 on ticks divisible by beetlePeriod each beetle moves one walk cell; 6 the "
          "beetle check again; 7 the spark. A claim that reaches the target pays in full, sets "
          "stageClear and ends the tick; nothing after it runs, and the rest of a multi-tick "
          "action is dropped. The last spool lost ends the tick and the run. tick is the panel "
          "clock (0 when a panel opens). "
          "Steps: from woven ground any in-bounds neighbour is taken (into the dark starts a "
          "thread; its first cell is the origin). While weaving, a step onto any woven cell "
          "closes the weave; a step into the dark is refused when the cell is on the thread, when "
          "it reverses the last step taken, or when it touches orthogonally any thread cell other "
          "than the spinner's own. A refused or off-grid step keeps the heading and stands still "
          "that beat. A step into a dark cell holding a moth costs a spool (refused while "
          "invulnerable). "
          "Claim: thread cells turn woven; dark regions are 4-connected (thread cells count as "
          "dark); every region with no moth fills; n = thread cells + filled cells; the spark "
          "goes out; invulnerability becomes max(current, 45); the walk is redrawn and each "
          "beetle moves to the nearest walk cell (Manhattan, ties to the lowest walk index) "
          "keeping its direction; then confinement is paid; then the target check "
          "(100w >= T*1564). The spool for every third panel cleared is granted at the clearing "
          "instant, up to 4. "
          "Moths fly diagonally. Each move draws three numbers: re-aim (turn rate per mille), seek "
          "(bias per mille), a course below(4). On a re-aim, with seek and a live thread the "
          "course points at the nearest thread cell (Manhattan, ties to the earliest in thread "
          "order; an aligned axis keeps its sign), otherwise it is the drawn course. Then the moth "
          "looks at the cell beside it (x+dx,y), above or below it (x,y+dy) and ahead "
          "(x+dx,y+dy): a live thread cell among them is the moth reaching the thread and costs a "
          "spool; while invulnerable thread cells are walls. A wall beside flips dx, a wall above "
          "or below flips dy, a wall only ahead flips both; a moth ahead flips both; any of these "
          "uses up the move. Otherwise it moves. Moths never share a cell. "
          "Beetles: the border walk of the largest 4-connected dark region (ties: the region "
          "whose first cell in row-major order comes first) is traced edge by edge along its "
          "outer boundary, clockwise on screen, from the top edge of that first cell; the walk "
          "is the list of woven cells across those edges with consecutive repeats dropped "
          "(holes are not visited; a pinch cell may appear twice). A clockwise beetle moves to "
          "the next walk index, a counterclockwise one to the previous, wrapping. Beetles may "
          "share cells with each other. A beetle reaches you by sharing your cell at check 3 or "
          "6, and only while you stand on woven ground. "
          "Spark: 'still' counts ticks without a step while weaving (a released heading and a "
          "refused step count alike; any step taken resets it). When still reaches the panel's "
          "grace the spark lights on thread[0]; every 3rd tick after that it moves one thread "
          "cell toward the spinner; eaten cells stay thread and count in a claim; moving on does "
          "not pause it; closing the weave or losing a spool puts it out. On the spinner's cell "
          "it costs a spool; while invulnerable it waits there. "
          "Spool loss (3 at the start, at most 4): the thread is erased unpaid, the spark goes "
          "out, the heading is released, the spinner goes to the nearest woven cell touching the "
          "dark (Manhattan from its cell, ties to the lowest row-major index), and 90 ticks of "
          "invulnerability start. The invulnerable counter is set to 90 (or 45) in its event's "
          "tick and counts down at the start of each later tick, so the window covers the "
          "event's tick and the next 89 (44); it does not carry over nextStage. At 0 spools the "
          "run is over. "
          "Difficulty at panel P: target, mothPeriod, beetles, beetlePeriod and spark grace "
          "interpolate linearly between the anchors 1, 4, 8, 12, 20 (rounded half up, integers "
          "only) and hold panel 20's values after it; turn rate 230->500 and bias 190->600 per "
          "mille interpolate between panels 1 and 20; the moth count is max(1, floor(P/4)) with "
          "no cap (panel is held at 6000, 1500 moths). "
          "State: seed, rngState (< 2^53, wraps), status, panel, tick, score, spools, grid (36 "
          "strings of 48: '#' woven, '.' dark; thread and entities kept apart), spinner{x,y}, "
          "heading (0..3 or null), thread [{x,y}] origin first, moths [{x,y,dx,dy,confined}], "
          "beetles [{x,y,clockwise,walkIndex}], spark null or {x,y,index,timer}, invulnerable, "
          "still, panelsCleared, flawlessPanels, panelFlawless. "
          "Observation text: 36 lines of 48: '#' woven, '.' dark, 'o' thread, '*' spark, 'm' "
          "moth, 'B' beetle, '@' spinner; then a line 'moves: 0 up, 1 right' (or 'moves: none') "
          "listing every heading whose step would be taken now. legalActions lists tick once as "
          "{type:'tick'}. Actions may carry extra keys; they are ignored. "
          "Validation refuses a state with wrong types or ranges, a grid that is not 36x48 of "
          "'#'/'.', an unwoven frame, a thread that is not a simple orthogonal path of dark cells "
          "from an origin touching woven ground, a spinner off the thread's end (or off woven "
          "ground with no thread), moths on woven, thread or shared cells, beetles off their walk "
          "index, a spark off the thread, or incoherent counters (panelsCleared against panel and "
          "status, flawlessPanels above panelsCleared, spools 0 before over, still without a "
          "thread). Well-formed positions play could not reach are accepted and stepped.",
      .action_grammar =
          R"SS({"type":"object","oneOf":[{"properties":{"type":{"const":"start"}},"required":["type"]},)SS"
          R"SS({"properties":{"type":{"const":"setHeading"},"dir":{"type":"integer","enum":[0,1,2,3],"d)SS"
          R"SS(escription":"0 up, 1 right, 2 down, 3 left. y grows downward."}},"required":["type","dir)SS"
          R"SS("]},{"properties":{"type":{"const":"release"}},"required":["type"]},{"properties":{"type)SS"
          R"SS(":{"const":"tick"},"count":{"type":"integer","minimum":1,"maximum":600,"description":"Op)SS"
          R"SS(tional, defaults to 1, clamped to 1..600. Defined as exactly that many sequential single)SS"
          R"SS( ticks."}},"required":["type"]},{"properties":{"type":{"const":"nextStage"}},"required":)SS"
          R"SS(["type"]},{"properties":{"type":{"const":"endRun"}},"required":["type"]}]})SS",
      .state_schema = kStateSchema,
      .observation_schema = kObservationSchema,
  };
  return kInfo;
}

}  // namespace gb::silkspan
