/* A unit that includes b.h, which includes this: a cycle scripts/check-includes must refuse (tests/CMakeLists.txt). */
#include "b.h"
