# check_exports.cmake - run after each original backend is linked:
#   cmake -DLIBRARY=<shared object> -DSYMBOL=<bm_id_ops> -DNM=<nm> -P check_exports.cmake
# fails unless SYMBOL is the one symbol the object exports, so that the
# classes inside (each design has its own BMessage, BDataIO, BList...) can
# never meet those of another object or of the program.
execute_process(COMMAND ${NM} -D --defined-only ${LIBRARY}
  OUTPUT_VARIABLE symbols RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${NM} failed on ${LIBRARY}")
endif()
string(REGEX MATCHALL "[^\n]+" lines "${symbols}")
set(found FALSE)
foreach(line IN LISTS lines)
  string(REGEX REPLACE "^.* " "" name "${line}")
  if(name STREQUAL SYMBOL)
    set(found TRUE)
  else()
    message(FATAL_ERROR "${LIBRARY} exports ${name}; it must export ${SYMBOL} only")
  endif()
endforeach()
if(NOT found)
  message(FATAL_ERROR "${LIBRARY} does not export ${SYMBOL}")
endif()
