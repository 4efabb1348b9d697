// The public headers from C++ (tests/cxx.sh): every header compiles in a C++
// translation unit with -pedantic, declares extern "C" functions, and a C++
// program links against the C library and calls it.
#include <puzzlecore/puzzlecore.h>
#include <puzzlecore/common.h>
#include <puzzlecore/budget.h>
#include <puzzlecore/nonogram.h>
#include <puzzlecore/pickerel.h>
#include <puzzlecore/snapper.h>
#include <puzzlecore/sokoban.h>
#include <puzzlecore/patchwork.h>

#include <cstdio>
#include <cstring>
#include <string>

int main()
{
    if (pc_version() == 0 || std::strlen(pc_version_string()) == 0)
        return 1;
    pc_rng *r = nullptr;
    if (pc_rng_new(0, &r) != PC_OK)
        return 1;
    unsigned long long x = pc_rng_next(r);
    pc_rng_free(r);
    if (x != 0x99EC5F36CB75F2B4ULL) // the test vector of common.h
        return 1;
    pc_snapper *g = nullptr;
    if (pc_snapper_new(1, PC_SNAPPER_CLASSIC, &g) != PC_OK)
        return 1;
    size_t n = 0;
    pc_snapper_save(g, nullptr, 0, &n);
    std::string s(n + 1, '\0');
    int32_t rc = pc_snapper_save(g, &s[0], s.size(), &n);
    pc_snapper_free(g);
    std::printf("%s\n", rc == PC_OK ? "ok" : "failed");
    return rc == PC_OK ? 0 : 1;
}
