// The parts of solver.hpp shared by every engine: how a stopped search is reported.
#include "gridenum/puzzle/solver.hpp"

#include <string>

namespace gridenum {

const char* status_name(SolveStatus s) {
  switch (s) {
    case SolveStatus::Complete: return "complete";
    case SolveStatus::NodeLimit: return "node limit reached";
    case SolveStatus::TimeLimit: return "time limit reached";
    case SolveStatus::Unconfirmed: return "unconfirmed";
    case SolveStatus::Stopped: return "stopped";
  }
  return "?";
}

void SearchBudget::report(SolveResult& r) const {
  if (status_ == SolveStatus::Complete) return;
  r.status = status_;
  r.note = status_ == SolveStatus::NodeLimit ? "stopped after " + std::to_string(lim_.nodes) + " search nodes (--node-limit)"
           : status_ == SolveStatus::TimeLimit ? "stopped after " + std::to_string(lim_.seconds) + " s (--time-limit)"
                                               : "stopped by " + stop_cause();
  r.note += r.count ? "; " + std::to_string(r.count) + " solutions found so far, a lower bound" : "; no solution found so far";
}

}  // namespace gridenum
