// Prints the dodge-only and clearing policies' mean scores (SL-69 measurement helper).
#include <cstdio>
#include <cstdlib>

#include "agents/stormlark/policies.h"

int main(int argc, char** argv) {
  int seeds = argc > 1 ? std::atoi(argv[1]) : 20;
  int reaches = argc > 2 ? std::atoi(argv[2]) : 8;
  int depth = argc > 3 ? std::atoi(argv[3]) : 3;
  double dodge = 0, clear = 0, dr = 0, cr = 0;
  for (int seed = 1; seed <= seeds; ++seed) {
    auto d = gb::stormlark::play_policy(static_cast<uint32_t>(seed), false, depth, reaches);
    auto c = gb::stormlark::play_policy(static_cast<uint32_t>(seed), true, depth, reaches);
    dodge += static_cast<double>(d.score);
    clear += static_cast<double>(c.score);
    dr += static_cast<double>(d.reach);
    cr += static_cast<double>(c.reach);
  }
  std::printf("dodge mean %.1f (reach %.2f)  clear mean %.1f (reach %.2f)  ratio %.2f\n",
              dodge / seeds, dr / seeds, clear / seeds, cr / seeds, clear / dodge);
}
