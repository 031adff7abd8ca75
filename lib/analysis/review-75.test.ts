// The thirty-fifth session's review of rounds 75 and 76's rules: made hunks (git wrote them from made files) on which
// they misfired, mended: a lambda's parameter list inside a method is no member function's; an indented class in a
// namespace is the file's namesake shown at the hunk's members' level (not another class, a nested or a local one);
// an accessor is new over a private field only where the pre-image shows no public member of its name.
import { expect, test } from "vitest";
import { madeHunks } from "../testing/analysis-helpers";

const cases = {
  r1e: {
    code: "diff --git a/include/net/Server.h b/include/net/Server.h\nindex 02c434f..77edc27 100644\n--- a/include/net/Server.h\n+++ b/include/net/Server.h\n@@ -15,11 +15,14 @@ public:\n                                std::error_code const& ec) {\n       log_accept(conn);\n       count_accept();\n+      ++accepted_;\n       if (ec)\n         return;\n       handle(conn);\n     });\n     int backlog = compute_backlog();\n+    int accept_window = backlog * 2;\n+    listener_.set_window(accept_window);\n     listener_.listen(backlog);\n   }\n \n",
    test: 'diff --git a/test/ServerTest.cpp b/test/ServerTest.cpp\nnew file mode 100644\nindex 0000000..bd965ab\n--- /dev/null\n+++ b/test/ServerTest.cpp\n@@ -0,0 +1,9 @@\n+#include "net/Server.h"\n+\n+TEST(Server, Window)\n+{\n+  FakeListener l;\n+  net::Server s(l);\n+  s.start();\n+  EXPECT_EQ(l.stats().accept_window, 128);\n+}\n',
  },
  r4c: {
    code: "diff --git a/include/thread_pool/thread_pool.h b/include/thread_pool/thread_pool.h\nindex a47552d..7bea565 100644\n--- a/include/thread_pool/thread_pool.h\n+++ b/include/thread_pool/thread_pool.h\n@@ -6,6 +6,7 @@\n namespace dp {\n     class task_queue {\n       public:\n+        task_queue() = default;\n         void push(std::function<void()> f) {\n             std::scoped_lock lock(mutex_);\n             items_.push_back(std::move(f));\n@@ -80,6 +81,8 @@ namespace dp {\n \n         [[nodiscard]] auto size() const { return threads_.size(); }\n \n+        [[nodiscard]] std::int64_t completed() const { return completed_tasks_.load(); }\n+\n       private:\n         void run(const std::stop_token &stop_tok) {\n             while (!stop_tok.stop_requested()) {\n@@ -90,5 +93,6 @@ namespace dp {\n         std::vector<std::jthread> threads_;\n         std::deque<FunctionType> tasks_;\n         std::atomic_int_fast64_t unassigned_tasks_{};\n+        std::atomic_int_fast64_t completed_tasks_{};\n     };\n }  // namespace dp\n",
    test: 'diff --git a/test/thread_pool_test.cpp b/test/thread_pool_test.cpp\nnew file mode 100644\nindex 0000000..8b4df3c\n--- /dev/null\n+++ b/test/thread_pool_test.cpp\n@@ -0,0 +1,7 @@\n+#include <thread_pool/thread_pool.h>\n+\n+TEST_CASE("completed") {\n+    dp::thread_pool pool(2);\n+    pool.enqueue_detach([] {});\n+    CHECK(pool.completed() >= 0);\n+}\n',
  },
  r4d: {
    code: "diff --git a/include/thread_pool/thread_pool.h b/include/thread_pool/thread_pool.h\nindex 940b1ee..9ff42a5 100644\n--- a/include/thread_pool/thread_pool.h\n+++ b/include/thread_pool/thread_pool.h\n@@ -40,6 +40,7 @@ namespace dp {\n         struct stats {\n             std::int64_t submitted = 0;\n             std::int64_t rejected = 0;\n+            std::int64_t stolen = 0;\n         };\n \n         [[nodiscard]] int probe4() const {\n@@ -60,6 +61,8 @@ namespace dp {\n \n         [[nodiscard]] auto size() const { return threads_.size(); }\n \n+        [[nodiscard]] std::int64_t completed() const { return completed_tasks_.load(); }\n+\n       private:\n         void run(const std::stop_token &stop_tok) {\n             while (!stop_tok.stop_requested()) {\n@@ -70,5 +73,6 @@ namespace dp {\n         std::vector<std::jthread> threads_;\n         std::deque<FunctionType> tasks_;\n         std::atomic_int_fast64_t unassigned_tasks_{};\n+        std::atomic_int_fast64_t completed_tasks_{};\n     };\n }  // namespace dp\n",
    test: 'diff --git a/test/thread_pool_test.cpp b/test/thread_pool_test.cpp\nnew file mode 100644\nindex 0000000..8b4df3c\n--- /dev/null\n+++ b/test/thread_pool_test.cpp\n@@ -0,0 +1,7 @@\n+#include <thread_pool/thread_pool.h>\n+\n+TEST_CASE("completed") {\n+    dp::thread_pool pool(2);\n+    pool.enqueue_detach([] {});\n+    CHECK(pool.completed() >= 0);\n+}\n',
  },
  r4i: {
    code: "diff --git a/include/thread_pool/thread_pool.h b/include/thread_pool/thread_pool.h\nindex 3ae7494..6ca5aa4 100644\n--- a/include/thread_pool/thread_pool.h\n+++ b/include/thread_pool/thread_pool.h\n@@ -18,6 +18,7 @@ namespace dp {\n         ~thread_pool() {\n             for (auto &thread : threads_) {\n                 thread.request_stop();\n+                thread.join();\n             }\n         }\n \n@@ -60,6 +61,7 @@ namespace dp {\n             explicit iterator(std::size_t at) : at_(at) {}\n             [[nodiscard]] std::size_t index() const { return at_; }\n             [[nodiscard]] bool valid() const { return at_ != npos; }\n+            iterator &advance() { ++at_; return *this; }\n \n           private:\n             std::size_t at_;\n",
    test: 'diff --git a/test/thread_pool_test.cpp b/test/thread_pool_test.cpp\nnew file mode 100644\nindex 0000000..41d6c6e\n--- /dev/null\n+++ b/test/thread_pool_test.cpp\n@@ -0,0 +1,6 @@\n+#include <thread_pool/thread_pool.h>\n+\n+TEST_CASE("iterator") {\n+    dp::thread_pool<>::iterator it(0);\n+    CHECK(it.advance().index() == 1);\n+}\n',
  },
  j2b2: {
    code: "diff --git a/src/main/java/geo/Point.java b/src/main/java/geo/Point.java\nindex 911070a..ae0db19 100644\n--- a/src/main/java/geo/Point.java\n+++ b/src/main/java/geo/Point.java\n@@ -1,19 +1,4 @@\n package geo;\n \n-public final class Point {\n-    public Point(int x, int y) {\n-        this.x = x;\n-        this.y = y;\n-    }\n-\n-    public int x() {\n-        return x;\n-    }\n-\n-    public int y() {\n-        return y;\n-    }\n-\n-    private final int x;\n-    private final int y;\n+public record Point(int x, int y) {\n }\n",
    test: "diff --git a/src/test/java/geo/PointTest.java b/src/test/java/geo/PointTest.java\nnew file mode 100644\nindex 0000000..e55457b\n--- /dev/null\n+++ b/src/test/java/geo/PointTest.java\n@@ -0,0 +1,10 @@\n+package geo;\n+\n+class PointTest {\n+    @Test\n+    void coords() {\n+        Point p = new Point(1, 2);\n+        assertEquals(1, p.x());\n+        assertEquals(2, p.y());\n+    }\n+}\n",
  },
  r4c3: {
    code: "diff --git a/include/thread_pool/thread_pool.h b/include/thread_pool/thread_pool.h\nindex f40dc75..3b0b6d1 100644\n--- a/include/thread_pool/thread_pool.h\n+++ b/include/thread_pool/thread_pool.h\n@@ -6,6 +6,7 @@\n namespace dp {\n     class task_queue {\n       public:\n+        task_queue() = default;\n         void push(std::function<void()> f) {\n             std::scoped_lock lock(mutex_);\n             items_.push_back(std::move(f));\n@@ -81,6 +82,8 @@ namespace dp {\n         thread_pool(const thread_pool &) = delete;\n         [[nodiscard]] auto size() const { return threads_.size(); }\n \n+        [[nodiscard]] std::int64_t completed() const { return completed_tasks_.load(); }\n+\n       private:\n         void run(const std::stop_token &stop_tok) {\n             while (!stop_tok.stop_requested()) {\n@@ -91,5 +94,6 @@ namespace dp {\n         std::vector<std::jthread> threads_;\n         std::deque<FunctionType> tasks_;\n         std::atomic_int_fast64_t unassigned_tasks_{};\n+        std::atomic_int_fast64_t completed_tasks_{};\n     };\n }  // namespace dp\n",
    test: 'diff --git a/test/thread_pool_test.cpp b/test/thread_pool_test.cpp\nnew file mode 100644\nindex 0000000..8b4df3c\n--- /dev/null\n+++ b/test/thread_pool_test.cpp\n@@ -0,0 +1,7 @@\n+#include <thread_pool/thread_pool.h>\n+\n+TEST_CASE("completed") {\n+    dp::thread_pool pool(2);\n+    pool.enqueue_detach([] {});\n+    CHECK(pool.completed() >= 0);\n+}\n',
  },
};

test("r1e: under `public:`, a hunk that starts in a lambda's parameter list inside a method's body (`std::error_code const& ec) {` … `});`) states the method's locals as no fields", async () => {
  const { defuse, names } = await madeHunks(cases.r1e.code, cases.r1e.test);
  expect(defuse).toEqual([]);
  expect(names.filter((n) => /^(accept_window|set_window) (?!name$)/.test(n))).toEqual([]);
});

test("r4c, r4c3: a method added in the namesake class of thread_pool.h is not the class an earlier hunk showed (`class task_queue {`)", async () => {
  for (const made of [cases.r4c, cases.r4c3]) {
    const { names } = await madeHunks(made.code, made.test);
    expect(names).not.toContain("task_queue.completed method");
    expect(names).toContain("thread_pool.completed method");
  }
});

test("r4d: a struct nested in the class, shown by an earlier hunk, takes no member of its outer class", async () => {
  expect((await madeHunks(cases.r4d.code, cases.r4d.test)).names).not.toContain("stats.completed method");
});

test("r4i: a nested class's member (its label and members deeper than the outer class's) is not the outer class's; a local's type `dp::thread_pool<>::iterator` is `iterator`", async () => {
  expect((await madeHunks(cases.r4i.code, cases.r4i.test)).defuse).toEqual(["iterator.advance"]);
});

test("j2b2: a record's accessor is not new where the class before had a public method of its name, its private field declared after it", async () => {
  expect((await madeHunks(cases.j2b2.code, cases.j2b2.test)).defuse).toEqual([]);
});
