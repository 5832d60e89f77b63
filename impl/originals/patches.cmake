# patches.cmake - the only edits the build makes to Haiku's files, as
# literal string replacements on copies in the build directory (the trees
# themselves are only read). README.md lists every edit with its reason.
#
# bench_haiku_patch(<tree> <path in tree> <output file> <old> <new> ...)
# copies <tree>/<path> to <output file> with each <old> text replaced by its
# <new> text (every occurrence), and fails the configure step when an <old>
# text is not in the file, so that a tree other than the one the edits were
# written for is refused instead of half patched. The copy is rewritten only
# when its content changes, so a reconfigure does not rebuild everything.
function(bench_haiku_patch tree path output)
  set(source "${tree}/${path}")
  file(READ "${source}" content)
  # The edits are read through ARGV<n>, not ARGN: a list would split the
  # texts at their semicolons.
  math(EXPR odd "${ARGC} % 2")
  if(ARGC LESS 5 OR NOT odd)
    message(FATAL_ERROR "bench_haiku_patch(${path}): edits come in <old> <new> pairs")
  endif()
  math(EXPR last "${ARGC} - 1")
  foreach(i RANGE 3 ${last} 2)
    math(EXPR j "${i} + 1")
    set(old "${ARGV${i}}")
    set(new "${ARGV${j}}")
    string(FIND "${content}" "${old}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "${source} is not the file the originals build expects: '${old}' not found")
    endif()
    string(REPLACE "${old}" "${new}" content "${content}")
  endforeach()
  file(WRITE "${output}.new" "${content}")
  file(COPY_FILE "${output}.new" "${output}" ONLY_IF_DIFFERENT)
  file(REMOVE "${output}.new")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${source}")
endfunction()

# --- The 2005 tree (commit 0083a1f3f5) ----------------------------------------
#
# Widths: the 2005 kits are ILP32 code. SupportDefs.h gets 32-bit int32 and
# uint32 (ilp32_2005.h does the rest with defines: size_t, ssize_t, the error
# base). Compile-only: declarations g++ 12 refuses once size_t is 32 bits
# wide, and one that it refuses anyway. Fixes: the three 2005 bugs on the
# measured paths (see README.md). Headers go to <dir>/include, which comes
# first in the include path; sources go to <dir>/src.
function(bench_patch_2005_tree tree dir)
  set(inc "${dir}/include")
  set(src "${dir}/src")

  # Width: int32 is long on BeOS x86, 32 bits; on this host long is 64.
  bench_haiku_patch("${tree}" headers/os/support/SupportDefs.h "${inc}/SupportDefs.h"
    "typedef\tlong\t\t\t\t\tint32;" "typedef int int32;"
    "typedef unsigned long\t\t\tuint32;" "typedef unsigned int uint32;"
    "typedef volatile long\t\t\tvint32;" "typedef volatile int vint32;"
    "typedef volatile unsigned long\tvuint32;" "typedef volatile unsigned int vuint32;")

  # Compile-only: with int32 an int, these two overloads repeat the int ones.
  bench_haiku_patch("${tree}" headers/os/support/String.h "${inc}/String.h"
    "\tBString \t\t&operator<<(uint32);\n" ""
    "\tBString \t\t&operator<<(int32);\n" "")

  # Compile-only: the friend meant ::BMessage (gcc 2.95 looked it up
  # globally; g++ 12 declares BPrivate::BMessage instead).
  bench_haiku_patch("${tree}" headers/private/kernel/util/KMessage.h "${inc}/KMessage.h"
    "namespace BPrivate {" "class BMessage;\nnamespace BPrivate {"
    "friend class BMessage;" "friend class ::BMessage;")

  # Compile-only: operator new[] must keep the host's size_t.
  bench_haiku_patch("${tree}" headers/os/support/BlockCache.h "${inc}/BlockCache.h"
    "(*fAlloc)(size_t size);" "(*fAlloc)(__SIZE_TYPE__ size);")

  # Compile-only: class operators new and delete must keep the host's size_t.
  set(new_delete
    "operator new(size_t" "operator new(__SIZE_TYPE__"
    "operator delete(void *ptr, size_t size)" "operator delete(void *ptr, __SIZE_TYPE__ size)")
  bench_haiku_patch("${tree}" headers/os/app/Message.h "${inc}/Message.h" ${new_delete})
  bench_haiku_patch("${tree}" headers/private/app/Message2.h "${inc}/Message2.h" ${new_delete})
  bench_haiku_patch("${tree}" headers/private/app/Message3.h "${inc}/Message3.h" ${new_delete})
  bench_haiku_patch("${tree}" src/kits/app/Message.cpp "${src}/Message.cpp"
    "operator new(size_t" "operator new(__SIZE_TYPE__"
    "operator delete(void* ptr, size_t size)" "operator delete(void* ptr, __SIZE_TYPE__ size)")
  bench_haiku_patch("${tree}" src/kits/app/Message2.cpp "${src}/Message2.cpp" ${new_delete})

  # Message3: the same, and fix 1: Header() left the target and reply
  # members uninitialised, yet ReadFrom() computes the body size from them
  # (CalculateHeaderSize), so Unflatten read up to 20 body bytes too few.
  bench_haiku_patch("${tree}" src/kits/app/Message3.cpp "${src}/Message3.cpp"
    ${new_delete}
    "Header() {};"
    "Header() : fTargetToken(B_NULL_TOKEN), fReplyPort(-1), fReplyToken(B_NULL_TOKEN), fReplyTeam(-1) {}; // bm originals: fix 1")

  # Message2: fix 2: Unflatten read the field header into uninitialised
  # memory, leaving the name without its NUL; fix 3: it never rebuilt
  # fOffsets, which BufferAt() reads for variable-size items (a find
  # dereferenced NULL); fix 4, outside the measured paths: the destructor
  # never deleted fOffsets, leaking two blocks per variable-size field, about
  # 1 MB per destroyed message of 5000 string fields. Compile-only: the
  # record branch that reads MINI and SINGLE records binds packed fields to
  # references (g++ 12 refuses); that branch never runs (the condition above
  # it is always true).
  bench_haiku_patch("${tree}" src/kits/app/MessageField2.cpp "${src}/MessageField2.cpp"
    "BMessageField::~BMessageField()\n{\n\tMakeEmpty();\n}"
    "BMessageField::~BMessageField()\n{\n\tMakeEmpty();\n\tdelete fOffsets; // bm originals: fix 4\n}"
    "\tTReadHelper reader(stream);\n\n\t// read the header\n"
    "\tTReadHelper reader(stream);\n\tmemset(&fHeader, 0, sizeof(fHeader)); // bm originals: fix 2\n\n\t// read the header\n"
    "\tstream->Read((void *)fFlatBuffer.Buffer(), fHeader.dataSize);\n"
    "\tstream->Read((void *)fFlatBuffer.Buffer(), fHeader.dataSize);

	// bm originals: fix 3, the offsets of the variable-size items, as
	// AddItem() records them.
	if (!(fHeader.flags & MSG_FLAG_FIXED_SIZE)) {
		fOffsets = new BList(fHeader.count);
		int32 offset = 0;
		for (int32 index = 0; index < fHeader.count; index++) {
			fOffsets->AddItem((void *)offset);
			size_t length = 0;
			fFlatBuffer.ReadAt(offset, &length, sizeof(length));
			offset += round_to_8(length);
		}
	}
"
    "reader(fHeader.dataSize);" "{ int32 value; reader(value); fHeader.dataSize = value; }"
    "reader(fHeader.count);" "{ int32 value; reader(value); fHeader.count = value; }")
endfunction()
