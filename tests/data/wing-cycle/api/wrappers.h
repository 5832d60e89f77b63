/* A wing that calls into another (wire/decode.h), as impl/api/ calls the
 * shared decoder: scripts/check-includes must refuse the cycle of folders
 * this closes (tests/CMakeLists.txt), though no cycle of units makes it. */
#include "decode.h"
