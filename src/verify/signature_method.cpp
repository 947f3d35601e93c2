// The signature method (signature.hpp) as a counting method (count/method.hpp): one pass of well
// under a second, no units, nothing to checkpoint or shard. It lives in verify because it is the
// stack method's independent check; the program registers it (cli/main.cpp).
#include "gridenum/verify/signature.hpp"

#include "gridenum/count/method.hpp"
#include "gridenum/count/stack/catalogue.hpp"

namespace gridenum {

const CountMethod& signature_method() {
  static const CountMethod m{
      .id = MethodId::Signature,
      .name = "signature",
      .summary = "band signatures: orbit census x signature completions (boxes with R*C <= 9), the stack method's "
                 "independent check; one pass, not a job",
      .doc = "docs/methods/signature.md",
      .options = 0,
      .auto_rank = 0,
      .classes_rank = 0,
      // The stack method's limit first (the signature method lists the same band fillings, so the
      // same shapes run out of memory), then its own table's.
      .shape_error = [](Shape s) { return engine_shape_error(s) ? engine_shape_error(s) : signature_shape_error(s); },
      .plan = {},
      .run_once =
          [](const MethodSettings& s) {
            const SignatureResult r = count_signature(s.shape, s.threads);
            MethodResult w;
            w.complete = true;
            w.total = r.total;
            w.threads_used = r.threads_used;
            w.text = format_text(r);
            w.json = to_json(r);
            return w;
          },
      .run_classes = {},
      .classes_shape_error = {},
  };
  return m;
}

}  // namespace gridenum
