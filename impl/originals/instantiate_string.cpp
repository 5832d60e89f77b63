/*
 * instantiate_string.cpp - std::string's members instantiated inside the
 * Message1-2005 shared object (its field map is keyed by std::string), so
 * that their allocations go through this object's operator new
 * (alloc_route_new.cpp) rather than libstdc++.so's, and are counted.
 */
#include <string>

template class std::basic_string<char>;
