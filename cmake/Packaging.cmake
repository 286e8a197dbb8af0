# What `cmake --install` puts on a system, and the packages `./run package` makes of it with
# CPack: a Debian package and a .tar.gz, each with the console, spillctl, the agents (the
# local runtime starts them from spillctl's folder), the desktop entry, the icon and man pages.
# Translations are compiled into the programs (resource :/i18n), so nothing else is needed.
include(GNUInstallDirs)

set(SPILLWAY_PROGRAMS spillway spillctl spillway-controller-manager spillway-virtual-kubelet spillway-gateway)
install(TARGETS ${SPILLWAY_PROGRAMS} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/resources/spillway.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/spillway.svg DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/spillway)

# Man pages from each program's --help (help2man; ./run deps installs it).
find_program(HELP2MAN_PROGRAM help2man)
if(HELP2MAN_PROGRAM)
  set(_descriptions
    "spillway=the desktop console: clusters, peering, offloading, graph, charts and dashboard"
    "spillctl=peer Kubernetes clusters and offload workloads (Liqo-compatible)"
    "spillway-controller-manager=Spillway's controllers and admission webhook for one cluster"
    "spillway-virtual-kubelet=the virtual node that runs a consumer's pods in a provider"
    "spillway-gateway=the WireGuard gateway between two peered clusters")
  set(_pages)
  foreach(entry IN LISTS _descriptions)
    string(REPLACE "=" ";" parts "${entry}")
    list(GET parts 0 program)
    list(GET parts 1 description)
    set(page ${CMAKE_BINARY_DIR}/man/${program}.1.gz)
    add_custom_command(OUTPUT ${page}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/man
      COMMAND ${PROJECT_SOURCE_DIR}/installer/package/manpage.sh $<TARGET_FILE_DIR:${program}> ${program}
              ${PROJECT_VERSION} "${description}" ${CMAKE_BINARY_DIR}/man/${program}.1
      COMMAND gzip -9nf ${CMAKE_BINARY_DIR}/man/${program}.1
      DEPENDS ${program} ${PROJECT_SOURCE_DIR}/installer/package/manpage.sh
      COMMENT "Man page ${program}.1" VERBATIM)
    list(APPEND _pages ${page})
  endforeach()
  add_custom_target(man_pages ALL DEPENDS ${_pages})
  install(FILES ${_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
else()
  message(STATUS "help2man not found: no man pages (./run deps installs it)")
endif()

set(CPACK_PACKAGE_NAME spillway)
set(CPACK_PACKAGE_VENDOR "Spillway")
set(CPACK_PACKAGE_CONTACT "Spillway developers <spillway@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION "Spillway lets a Kubernetes cluster run pods on another cluster's spare capacity through a virtual node, speaking Liqo's API. This package holds the desktop console (spillway), the CLI (spillctl) and the agents the local runtime starts (controller manager, virtual kubelet, gateway).")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_GENERATOR "DEB;TGZ")
set(CPACK_OUTPUT_FILE_PREFIX ${CMAKE_BINARY_DIR}/packages)
set(CPACK_STRIP_FILES ON)
set(CPACK_ARCHIVE_COMPONENT_INSTALL OFF)
set(CPACK_PACKAGE_FILE_NAME "spillway-${PROJECT_VERSION}-linux-${CMAKE_SYSTEM_PROCESSOR}")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION admin)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The gateway's datapath (local runtime) and the SVG icon; not needed to run the CLI.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "wireguard-go, wireguard-tools, iproute2, nftables, libqt6svg6")
include(CPack)
