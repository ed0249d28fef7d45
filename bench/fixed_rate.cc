// A fixed-rate (open-loop) HTTP load generator, for latency at a given request rate (wrk2's
// method; Debian has no wrk2):
//   fixed_rate --port P --rate R --seconds S [--warmup W] [--connections C] --targets FILE
// Request k is due at start + k / R whatever happened before it; it goes out on an idle
// keep-alive connection (or waits for one), and its latency counts from when it was due, so a
// stall in the server (or here) shows in the percentiles instead of silently lowering the rate.
// GET requests cycle through the targets of FILE (one path a line). Only the requests due in the
// S seconds after the W seconds of warm-up are measured. A server that cannot keep up is given
// --drain seconds after the schedule ends; requests still unanswered then count as errors with
// the latency they had reached. Prints one line:
//   rate=<answered/s> requests=N errors=E unanswered=U p50=<ms> p90 p99 p999 max
// An error is an answer other than 200, a broken connection (which is then reopened) or no answer
// by the drain deadline.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <cstdio>
#include <deque>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace {

namespace asio = boost::asio;
namespace http = boost::beast::http;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

struct Settings {
  std::string host = "127.0.0.1";
  uint16_t port = 0;
  double rate = 1000;
  double seconds = 10;
  double warmup = 2;
  double drain = 5;
  int connections = 16;
  std::vector<std::string> targets;
};

// The measured answers: each latency in milliseconds, and the errors.
struct Tally {
  std::vector<double> latencies_ms;
  int64_t errors = 0;
  int64_t unanswered = 0;
};

class Generator;

// One keep-alive connection: sends the request it is given, reads the answer, reports back.
class Connection {
 public:
  Connection(Generator& generator, asio::io_context& io) : generator_(generator), socket_(io) {}
  bool busy() const { return busy_; }
  Clock::time_point due() const { return due_; }
  // Sends a GET of `target` that was due at `due`.
  void send(const std::string& target, Clock::time_point due);
  void connect(const tcp::endpoint& endpoint, std::function<void()> done);

 private:
  void on_answer(boost::system::error_code ec);
  Generator& generator_;
  tcp::socket socket_;
  tcp::endpoint endpoint_;
  boost::beast::flat_buffer buffer_;
  http::request<http::empty_body> request_;
  std::optional<http::response_parser<http::string_body>> parser_;
  Clock::time_point due_;
  bool busy_ = false;
};

class Generator {
 public:
  Generator(asio::io_context& io, Settings settings)
      : io_(io), settings_(std::move(settings)), timer_(io) {}

  // Connects every connection, then runs the schedule to its end; returns the tally.
  Tally run() {
    tcp::endpoint endpoint(asio::ip::make_address(settings_.host), settings_.port);
    for (int i = 0; i < settings_.connections; ++i) {
      connections_.push_back(std::make_unique<Connection>(*this, io_));
    }
    int pending = settings_.connections;
    for (auto& c : connections_) {
      c->connect(endpoint, [this, &pending] {
        if (--pending == 0) start();
      });
    }
    endpoint_ = endpoint;
    io_.run();
    return std::move(tally_);
  }

  // A connection finished the request due at `due`; `ok` when it answered 200.
  void finished(Connection& connection, Clock::time_point due, bool ok) {
    const auto now = Clock::now();
    if (due >= measure_from_ && due < measure_to_) {
      tally_.latencies_ms.push_back(std::chrono::duration<double, std::milli>(now - due).count());
      if (!ok) ++tally_.errors;
    }
    dispatch(connection);
  }

  const tcp::endpoint& endpoint() const { return endpoint_; }

 private:
  void start() {
    start_ = Clock::now();
    measure_from_ = start_ + to_duration(settings_.warmup);
    measure_to_ = measure_from_ + to_duration(settings_.seconds);
    tick();
  }

  static Clock::duration to_duration(double seconds) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  }

  Clock::time_point due(int64_t k) const {
    return start_ + to_duration(static_cast<double>(k) / settings_.rate);
  }

  // Queues every request due by now, hands them to idle connections and waits for the next.
  void tick() {
    const auto now = Clock::now();
    while (due(next_) <= now && due(next_) < measure_to_) waiting_.push_back(due(next_++));
    for (auto& c : connections_) {
      if (waiting_.empty()) break;
      if (!c->busy()) dispatch(*c);
    }
    if (due(next_) >= measure_to_) {
      stopping_ = true;
      timer_.expires_at(measure_to_ + to_duration(settings_.drain));
      timer_.async_wait([this](boost::system::error_code ec) {
        if (!ec) give_up();
      });
      maybe_stop();
      return;
    }
    timer_.expires_at(due(next_));
    timer_.async_wait([this](boost::system::error_code ec) {
      if (!ec) tick();
    });
  }

  // Gives `connection` the oldest waiting request, if any.
  void dispatch(Connection& connection) {
    if (waiting_.empty()) {
      maybe_stop();
      return;
    }
    Clock::time_point when = waiting_.front();
    waiting_.pop_front();
    connection.send(settings_.targets[static_cast<size_t>(sent_++) % settings_.targets.size()],
                    when);
  }

  // At the drain deadline: counts every measured request still waiting or in flight as an
  // unanswered error with the latency it has reached, and stops.
  void give_up() {
    const auto now = Clock::now();
    auto count = [&](Clock::time_point due) {
      if (due < measure_from_ || due >= measure_to_) return;
      tally_.latencies_ms.push_back(std::chrono::duration<double, std::milli>(now - due).count());
      ++tally_.errors;
      ++tally_.unanswered;
    };
    for (Clock::time_point due : waiting_) count(due);
    for (auto& c : connections_) {
      if (c->busy()) count(c->due());
    }
    io_.stop();
  }

  // Stops the loop once the schedule is over and nothing is in flight.
  void maybe_stop() {
    if (!stopping_ || !waiting_.empty()) return;
    for (auto& c : connections_) {
      if (c->busy()) return;
    }
    io_.stop();
  }

  asio::io_context& io_;
  Settings settings_;
  asio::steady_timer timer_;
  tcp::endpoint endpoint_;
  std::vector<std::unique_ptr<Connection>> connections_;
  std::deque<Clock::time_point> waiting_;
  Clock::time_point start_, measure_from_, measure_to_;
  int64_t next_ = 0;
  int64_t sent_ = 0;
  bool stopping_ = false;
  Tally tally_;
};

void Connection::connect(const tcp::endpoint& endpoint, std::function<void()> done) {
  endpoint_ = endpoint;
  socket_.async_connect(endpoint, [this, done = std::move(done)](boost::system::error_code ec) {
    if (ec) {
      std::fprintf(stderr, "fixed_rate: connect: %s\n", ec.message().c_str());
      std::exit(1);
    }
    socket_.set_option(tcp::no_delay(true));
    done();
  });
}

void Connection::send(const std::string& target, Clock::time_point due) {
  busy_ = true;
  due_ = due;
  request_ = {};
  request_.method(http::verb::get);
  request_.target(target);
  request_.version(11);
  request_.set(http::field::host, "127.0.0.1");
  http::async_write(socket_, request_, [this](boost::system::error_code ec, size_t) {
    if (ec) return on_answer(ec);
    parser_.emplace();
    parser_->body_limit(64 << 20);
    http::async_read(socket_, buffer_, *parser_,
                     [this](boost::system::error_code read_ec, size_t) { on_answer(read_ec); });
  });
}

void Connection::on_answer(boost::system::error_code ec) {
  bool ok = !ec && parser_->get().result_int() == 200;
  bool reopen = ec || !parser_->get().keep_alive();
  busy_ = false;
  if (reopen) {
    boost::system::error_code ignored;
    socket_.close(ignored);
    buffer_.clear();
    socket_.connect(endpoint_, ignored);
    if (!ignored) socket_.set_option(tcp::no_delay(true));
  }
  generator_.finished(*this, due_, ok);
}

// Returns the value at fraction `q` of the sorted `values`.
double percentile(const std::vector<double>& values, double q) {
  if (values.empty()) return 0;
  size_t i = static_cast<size_t>(q * static_cast<double>(values.size() - 1) + 0.5);
  return values[std::min(i, values.size() - 1)];
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Fixed-rate HTTP GET load with latency percentiles"};
  Settings settings;
  std::string targets_file;
  app.add_option("--host", settings.host, "Server address");
  app.add_option("--port", settings.port, "Server port")->required();
  app.add_option("--rate", settings.rate, "Requests per second")->check(CLI::PositiveNumber);
  app.add_option("--seconds", settings.seconds, "Measured seconds")->check(CLI::PositiveNumber);
  app.add_option("--warmup", settings.warmup, "Seconds of load before measuring");
  app.add_option("--drain", settings.drain, "Seconds unanswered requests get after the schedule");
  app.add_option("--connections", settings.connections, "Keep-alive connections")
      ->check(CLI::Range(1, 1000));
  app.add_option("--targets", targets_file, "File of GET targets, one a line")->required();
  CLI11_PARSE(app, argc, argv);
  std::ifstream in(targets_file);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) settings.targets.push_back(line);
  }
  if (settings.targets.empty()) {
    std::fprintf(stderr, "fixed_rate: no targets in %s\n", targets_file.c_str());
    return 2;
  }
  const double seconds = settings.seconds;
  asio::io_context io(1);
  Generator generator(io, std::move(settings));
  Tally tally = generator.run();
  std::sort(tally.latencies_ms.begin(), tally.latencies_ms.end());
  const auto& l = tally.latencies_ms;
  std::printf(
      "rate=%.0f requests=%zu errors=%lld unanswered=%lld p50=%.3f p90=%.3f p99=%.3f p999=%.3f "
      "max=%.3f\n",
      static_cast<double>(l.size() - static_cast<size_t>(tally.unanswered)) / seconds, l.size(),
      static_cast<long long>(tally.errors), static_cast<long long>(tally.unanswered),
      percentile(l, 0.5), percentile(l, 0.9), percentile(l, 0.99), percentile(l, 0.999),
      l.empty() ? 0.0 : l.back());
  return 0;
}
