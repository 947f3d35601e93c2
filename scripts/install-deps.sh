#!/usr/bin/env bash
# Installs gridenum's build, test and benchmark dependencies from Debian's packages.
# Used by the README's two set-up commands and by .ci/run. Needs root (or sudo).
set -euo pipefail
packages=(
  g++ cmake make                        # toolchain
  libtbb-dev                            # oneTBB: the task pool, batch solving
  libboost-dev                          # Boost.Multiprecision: exact totals
  libspdlog-dev                         # logging
  libcli11-dev                          # command line
  libtomlplusplus-dev                   # job configs
  libfmt-dev                            # formatting (also a dependency of spdlog)
  nlohmann-json3-dev                    # JSON output and puzzle specs
  libssl-dev                            # OpenSSL's libcrypto: SHA-256 of result files and table caches
  liblzma-dev                           # liblzma: result files kept as .xz (certificates)
  libgtest-dev libbenchmark-dev         # tests and benchmarks
  coinor-cbc glpk-utils                 # MIP solvers for `solve --engine mip`
  clang libclang-rt-dev                 # clang: the sanitizer pass and CI's libFuzzer target
  hyperfine                             # whole-command timings (README figures)
  git man-db zsh                        # tests: the version's commit, the man page and zsh completion
)
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo=sudo; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
echo "install-deps: ${#packages[@]} packages installed"
