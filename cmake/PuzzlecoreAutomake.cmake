# Reads the automake fragments, so CMake builds exactly what Makefile.am lists.
#
# The one list of sources lives in lib/*/local.mk (included by Makefile.am):
# puzzlecore_read_automake() parses Makefile.am's `include lib/.../local.mk` lines
# (and one more level of include inside a fragment), joins continuation
# lines and records every `VAR = ...` / `VAR += ...` assignment of all of
# them, in order, as the CMake variable AM_<VAR> (a list of words).
# Conditionals (if/else/endif) are read through: every branch counts.
# puzzlecore_am_expand(OUT words...) substitutes $(VAR) references by AM_<VAR>.

function(_puzzlecore_am_read_file file)
  file(STRINGS "${file}" lines)
  set(joined "")
  set(acc "")
  foreach(line IN LISTS lines)
    if(line MATCHES "\\\\$")
      string(REGEX REPLACE "\\\\$" " " line "${line}")
      string(APPEND acc "${line}")
      continue()
    endif()
    string(APPEND acc "${line}")
    # one logical line
    if(acc MATCHES "^include[ \t]+(lib/[^ \t]+\\.mk)[ \t]*$")
      set(inc "${CMAKE_MATCH_1}")
      list(APPEND _pc_am_files "${inc}")
      set(_pc_am_files "${_pc_am_files}" PARENT_SCOPE)
      _puzzlecore_am_read_file("${PUZZLECORE_SOURCE_DIR}/${inc}")
    elseif(acc MATCHES "^([A-Za-z0-9_]+)[ \t]*(\\+?=)(.*)$")
      set(var "${CMAKE_MATCH_1}")
      set(op "${CMAKE_MATCH_2}")
      string(STRIP "${CMAKE_MATCH_3}" val)
      string(REGEX REPLACE "[ \t]*#.*$" "" val "${val}")
      string(REGEX REPLACE "[ \t]+" ";" words "${val}")
      if(op STREQUAL "=")
        set(AM_${var} "${words}")
      else()
        list(APPEND AM_${var} ${words})
      endif()
      list(APPEND _pc_am_vars ${var})
    endif()
    set(acc "")
  endforeach()
  # hand the variables back up the recursion
  list(REMOVE_DUPLICATES _pc_am_vars)
  foreach(var IN LISTS _pc_am_vars)
    set(AM_${var} "${AM_${var}}" PARENT_SCOPE)
  endforeach()
  set(_pc_am_vars "${_pc_am_vars}" PARENT_SCOPE)
  set(_pc_am_files "${_pc_am_files}" PARENT_SCOPE)
endfunction()

macro(puzzlecore_read_automake)
  set(_pc_am_vars "")
  set(_pc_am_files "")
  _puzzlecore_am_read_file("${PUZZLECORE_SOURCE_DIR}/Makefile.am")
  # every fragment is a configure dependency: adding a file re-runs CMake
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${PUZZLECORE_SOURCE_DIR}/Makefile.am")
  foreach(f IN LISTS _pc_am_files)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${PUZZLECORE_SOURCE_DIR}/${f}")
  endforeach()
endmacro()

# puzzlecore_am_expand(OUT word...): $(VAR) -> the words of AM_VAR (one level).
function(puzzlecore_am_expand out)
  set(result "")
  foreach(w IN LISTS ARGN)
    if(w MATCHES "^\\$\\(([A-Za-z0-9_]+)\\)$")
      list(APPEND result ${AM_${CMAKE_MATCH_1}})
    elseif(NOT w STREQUAL "")
      list(APPEND result "${w}")
    endif()
  endforeach()
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

# automake's canonical name of a program path: tests/test_x -> tests_test_x
function(puzzlecore_am_canonical out name)
  string(REGEX REPLACE "[^A-Za-z0-9_]" "_" c "${name}")
  set(${out} "${c}" PARENT_SCOPE)
endfunction()
