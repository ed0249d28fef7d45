// The texts Stormlark publishes in `spec` and the docs: the seed's rules plus every resolution.
#include "games/stormlark/traits.h"

namespace gb::stormlark {

const GameInfo& Traits::info() {
  static const GameInfo kInfo{
      .slug = "stormlark",
      .name = "Stormlark",
      .genre = "turn-based routing puzzle",
      .description =
          "Fly a survey craft down a 7x10 storm canyon: dodge basalt, clear cells with a "
          "charge-limited pulse, and reach each Gate.",
      .goal =
          "Fly the Stormlark down a storm canyon 7 lanes tall and 10 columns wide. The craft sits "
          "in "
          "column 0; everything else scrolls one column toward you per turn, and the world moves "
          "only when you act. Each turn: reposition (UP/DOWN), clear (FIRE, 3 charge) or bank "
          "(VENT). Crags cannot be cleared. A dodge-only path across the next 3 columns always "
          "exists from some lane, but reaching it is your problem. The run ends at hull 0 or "
          "END_RUN.",
      .scoring =
          "Score only rises. reachMult = min(4, 1 + 0.25*(reach-1)); chainMult = 1 + 0.1*min(chain,"
          "20). Every scrolling turn pays round(2*reachMult); a mote pays round(10*reachMult); a "
          "clear first adds 1 to chain, then pays round(base*chainMult*reachMult) with bases knot "
          "50, drifter 90, sparker 140, rimeshell 160, warden 500; reaching a Gate pays "
          "round(40*reachMult), plus round(60*reachMult) when no hull was lost that reach. All "
          "awards are exact integers rounded half up, each on its own: a clear pays "
          "floor((base*(10+min(chain,20))*(3+min(reach,13))+20)/40). END_RUN pays nothing. A score "
          "that would pass the plausibility guard 1000000 is held at 1000000 and the run ends.",
      .rules =
          "Board: lanes 0 (top)..6, columns 0 (left)..9; at most one entity per cell. Kinds: crag, "
          "knot, drifter, rimeshell (hp 2), sparker, warden (hp 4), squall, mote, gate. "
          "Actions: UP, DOWN, FIRE, VENT (scrolling turns), NEXT_REACH (only in reachClear), "
          "END_RUN (any turn while the run lasts). Refusals, first match wins: unknown_action; "
          "run_over (phase over); at_gate (UP/DOWN/FIRE/VENT in reachClear); not_at_gate "
          "(NEXT_REACH while flying); lane_top (UP at 0); lane_bottom (DOWN at 6); low_charge "
          "(FIRE below 3). A refusal changes nothing. "
          "Resolution order of a scrolling turn: 1 validate; 2 player phase (FIRE spends 3 and "
          "scans columns 1..9 of your lane for the first entity that is not a mote or gate: crag "
          "and squall absorb it and the chain resets, a pulse that meets nothing resets the "
          "chain, knot/drifter/sparker clear, rimeshell/warden lose 1 hp and clear at 0, a "
          "damaging hit keeps the chain and pays nothing; a squall that absorbs a pulse does not "
          "drain charge; UP/DOWN move; VENT sets this turn's regeneration to 3); 3 every sparker "
          "in column 1 discharges (1 hull if in your lane) and is removed; 4 drifters and wardens "
          "move in ascending id order, each seeing earlier moves: a drifter targets lane+drift, "
          "flips its drift and retargets when that is outside 0..6, and flips its drift and holds "
          "when the target cell is occupied by anything; a warden moves one lane toward you when "
          "its column is even (its age is 9-col steps, so it moves on every second world step of "
          "its life, first on its 2nd) and holds when blocked or aligned; 5 everything scrolls one "
          "column left and what leaves column 0 is gone at no cost; 6 a mote in your cell gives +3 "
          "charge (cap 9) and its award, a squall there drains 3 (floor 0), no damage, chain kept; "
          "7 a solid in your cell costs 1 hull and is removed whatever its hp; 8 charge +1, or +3 "
          "on a VENT turn, cap 9; 9 a fresh column is drawn at column 9 (the Gate column after 20 "
          "content columns); 10 the survivability check and repair; 11 turn +1, the column award, "
          "and when a gate is in column 0 with hull above 0: phase reachClear and the Gate awards; "
          "12 at hull 0 the phase is over. Hull damage (discharge or collision) sets chain 0 and "
          "marks the reach not flawless; hull never goes below 0. "
          "Guarantee: at init and after every scrolling turn some start lane (any of 0..6) has a "
          "3-turn UP/DOWN/VENT sequence that takes no damage under these rules (simulated on as "
          "if NEXT_REACH followed a Gate at once: the Gate blocks nothing). Otherwise the repair "
          "deletes the fewest solids from columns 1..3 that restore one: the first working set in "
          "lexicographic order of (column, lane), searched exactly up to 3 deletions; beyond that "
          "it deletes what the cheapest path meets (lowest start lane, then UP<DOWN<VENT order). "
          "It draws nothing and pays nothing. "
          "Reaches: 20 content columns then a Gate column of 7 gate entities; the Gate reaches "
          "column 0 on the 21st scrolling turn. NEXT_REACH: reach +1, hull +1 (max 3), charge 9, "
          "phase flying, chain kept, nothing scrolls. END_RUN: phase over, nothing else. "
          "Difficulty per reach r (capped at 13; per mille): solid per lane 80+20(r-1), crag "
          "share 520+25(r-1), crag run continuation 150+35(r-1) (a crag continues the crag to its "
          "right in the same lane), mote per column 450-30(r-1), squall per column 60+10(r-3) "
          "from reach 3, wall per column 80+20(r-8) from reach 8 (six crags or knots, one open "
          "lane that may hold a mote); other solids weigh knot 10, drifter 4 (r>=2), rimeshell 3 "
          "(r>=4), sparker 3 (r>=5), warden 1 (r>=6), and a third live warden is drawn as a knot. "
          "Columns after a Gate belong to the next reach. "
          "State: seed, rngState, phase (flying|reachClear|over), reach, shipLane (starts 3), "
          "hull, charge, chain, score, turn (scrolling turns this run, 0 at init), entities "
          "[{id,kind,lane,col,hp,drift}] in ascending id order, plus nextId (the next entity id), "
          "columnsDrawn (content columns of the reach being drawn, 0..20) and reachFlawless. "
          "Randomness: draw(seed, counter) with counter = rngState; init draws its nine columns "
          "from counters 0..431 and starts at rngState 432; every scrolling turn advances rngState "
          "by 48 (mod 2^53); NEXT_REACH, END_RUN and refusals by 0. "
          "Observation text: 7 lines of 10 cells: '>' ship, '#' crag, 'k' knot, '^'/'v' drifter "
          "drifting up/down, 'R' rimeshell, 'r' cracked rimeshell, 's' sparker, 'W' warden, '~' "
          "squall, '*' mote, '|' gate, '.' empty. "
          "Validation: a state is refused when a field has the wrong type or range, an entity is "
          "out of the board, has a wrong hp or drift for its kind, repeats an id or shares a cell, "
          "an id is not below nextId, a gate column is partial, the phase is flying or reachClear "
          "at hull 0, or the score is above 1000000. Well-formed positions play could not reach "
          "are accepted and stepped. Actions may carry extra keys; they are ignored.",
      .action_grammar =
          R"({"type":"object","oneOf":[)"
          R"({"properties":{"type":{"const":"UP"}},"required":["type"],"description":"Shift one lane up. Illegal at lane 0."},)"
          R"({"properties":{"type":{"const":"DOWN"}},"required":["type"],"description":"Shift one lane down. Illegal at lane 6."},)"
          R"({"properties":{"type":{"const":"FIRE"}},"required":["type"],"description":"Send a pulse down your lane. Costs 3 charge. Illegal below 3 charge."},)"
          R"({"properties":{"type":{"const":"VENT"}},"required":["type"],"description":"Hold your lane and bank 3 charge instead of the usual 1."},)"
          R"({"properties":{"type":{"const":"NEXT_REACH"}},"required":["type"],"description":"At a Gate only: fly on into the next reach."},)"
          R"({"properties":{"type":{"const":"END_RUN"}},"required":["type"],"description":"Legal on any turn: stop the run and keep the score. Pays no bonus, steps no column."}]})",
      .state_schema = kStateSchema,
      .observation_schema = kObservationSchema,
  };
  return kInfo;
}

}  // namespace gb::stormlark
