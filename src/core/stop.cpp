// The process-wide stop request (stop.hpp).
#include "gridenum/core/stop.hpp"

#include <oneapi/tbb/task_group.h>

#include <atomic>
#include <csignal>

namespace gridenum {

namespace {
std::atomic<bool> g_stop{false};
std::atomic<int> g_signal{0};
std::atomic<void (*)() noexcept> g_poll_listener{nullptr};  // set_stop_poll_listener
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free);
}  // namespace

void request_stop(int signal) noexcept {
  if (signal != 0) {
    int none = 0;
    g_signal.compare_exchange_strong(none, signal);  // the first signal names the stop
  }
  g_stop.store(true, std::memory_order_release);
}

bool stop_requested() noexcept { return g_stop.load(std::memory_order_relaxed); }

int stop_signal() noexcept { return g_signal.load(std::memory_order_relaxed); }

void clear_stop_request() noexcept {
  g_signal.store(0);
  g_stop.store(false);
}

std::string stop_cause() {
  switch (stop_signal()) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    case 0: return "stop request";
    default: return "signal " + std::to_string(stop_signal());
  }
}

void set_stop_poll_listener(void (*listener)() noexcept) noexcept { g_poll_listener.store(listener, std::memory_order_release); }

void throw_if_stop_requested(std::string_view what) {
  if (auto* listener = g_poll_listener.load(std::memory_order_acquire)) listener();
  if (stop_requested()) throw Interrupted(std::string(what) + " stopped by " + stop_cause());
}

bool task_group_cancelled() noexcept { return tbb::is_current_task_group_canceling(); }

void throw_if_cancelled(std::string_view what) {
  if (task_group_cancelled())
    throw Interrupted(std::string(what) + " discarded: its parallel loop was cancelled (" + stop_cause() +
                      " or an error in another task), so the value may be partial");
}

}  // namespace gridenum
