// Each game's engine as the WebAssembly module drives it: every game of src/games/all_games.h
// provides `gb::<slug>::Port` in games/<slug>/port.h (the engine functions and the encoder, no
// JSON decoding, which does not build for WebAssembly; actions given compactly from JavaScript as
// (type index in kActionNames, optional integer argument)).
#pragma once

#include "games/all_games.h"
#include "gb_games/ports.h"
