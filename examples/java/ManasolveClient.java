// A manasolve client in Java: starts `manasolve serve`, loads a board, asks whether a cost
// is payable and for the best payment, applies that payment and asks again.
//
//   javac -d out ManasolveClient.java && java -cp out ManasolveClient [BOARD.json [COST]]
//
// The server command is `python3 -m manasolve serve` unless MANASOLVE_SERVE says otherwise
// (e.g. MANASOLVE_SERVE="manasolve serve").  No dependencies: the JSON reader and writer
// below are the few lines a JSON-RPC client needs.

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public final class ManasolveClient implements AutoCloseable {
    private static final String DEFAULT_BOARD = "{\"players\": [{\"name\": \"alice\", \"battlefield\": ["
            + "{\"id\": \"f1\", \"card\": \"Forest\"}, {\"id\": \"f2\", \"card\": \"Forest\"},"
            + "{\"id\": \"i1\", \"card\": \"Island\"}, {\"id\": \"ring\", \"card\": \"Sol Ring\"},"
            + "{\"id\": \"elf\", \"card\": \"Llanowar Elves\"}]}, {\"name\": \"bob\"}]}";

    private final Process process;
    private final BufferedWriter toServer;
    private final BufferedReader fromServer;
    private int nextId = 1;

    public ManasolveClient(List<String> command) throws IOException {
        process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        toServer = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
        fromServer = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    /** Sends one line and reads the response line. */
    public Map<String, Object> send(String line) throws IOException {
        toServer.write(line);
        toServer.write('\n');
        toServer.flush();
        String answer = fromServer.readLine();
        if (answer == null) {
            throw new IOException("the server closed its output");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> response = (Map<String, Object>) Json.parse(answer);
        return response;
    }

    /** Calls a method; returns its result or throws with the server's error message. */
    public Object call(String method, Map<String, Object> params) throws IOException {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("jsonrpc", "2.0");
        request.put("id", nextId++);
        request.put("method", method);
        request.put("params", params);
        Map<String, Object> response = send(Json.write(request));
        if (response.containsKey("error")) {
            throw new IOException("server error: " + Json.write(response.get("error")));
        }
        return response.get("result");
    }

    @Override
    public void close() throws IOException {
        toServer.close(); // end of input: the server exits with status 0
        try {
            int status = process.waitFor();
            System.out.println("server exit status: " + status);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Map<String, Object> params(Object... keysAndValues) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            out.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    public static void main(String[] args) throws IOException {
        String boardText = args.length > 0 ? Files.readString(Path.of(args[0])) : DEFAULT_BOARD;
        String cost = args.length > 1 ? args[1] : "{2}{G}";
        String serve = System.getenv().getOrDefault("MANASOLVE_SERVE", "python3 -m manasolve serve");
        try (ManasolveClient client = new ManasolveClient(List.of(serve.trim().split("\\s+")))) {
            Map<String, Object> loaded = (Map<String, Object>) client.call("board.load", params("board", Json.parse(boardText)));
            String session = (String) loaded.get("session");
            System.out.println("session: " + session);

            Map<String, Object> first = (Map<String, Object>) client.call("pay", params("board", session, "cost", cost));
            System.out.println("payable " + cost + ": " + first.get("payable") + countText(first));

            Map<String, Object> best = (Map<String, Object>) client.call("pay", params("board", session, "cost", cost, "mode", "best", "why", true));
            Map<String, Object> payment = (Map<String, Object>) best.get("best");
            if (payment == null) {
                System.out.println("no payment");
                return;
            }
            List<String> uses = new ArrayList<>();
            for (Object a : (List<Object>) payment.get("activations")) {
                Map<String, Object> act = (Map<String, Object>) a;
                uses.add(act.get("permanent") + " " + act.get("produces"));
            }
            System.out.println("best: " + String.join(", ", uses));
            System.out.println("why: " + ((List<Object>) best.get("why")).get(0));

            Map<String, Object> done = (Map<String, Object>) client.call("board.apply", params("session", session, "payment", payment));
            System.out.println("applied: tapped " + String.join(" ", (List<String>) (List<?>) done.get("tapped"))
                    + ", floating '" + done.get("floating") + "'");

            Map<String, Object> again = (Map<String, Object>) client.call("pay", params("board", session, "cost", cost));
            System.out.println("payable " + cost + " again: " + again.get("payable") + countText(again));

            Map<String, Object> bad = client.send("this line is not JSON");
            System.out.println("bad line: error " + ((Map<String, Object>) bad.get("error")).get("code"));

            client.call("board.undo", params("session", session));
            Map<String, Object> undone = (Map<String, Object>) client.call("pay", params("board", session, "cost", cost));
            System.out.println("payable " + cost + " after undo: " + undone.get("payable") + countText(undone));

            // ping and cancel are answered at once, even while a question runs
            Map<String, Object> pong = (Map<String, Object>) client.call("ping", params());
            System.out.println("ping: running " + pong.get("running"));
            Map<String, Object> cancel = (Map<String, Object>) client.call("cancel", params("id", 999));
            System.out.println("cancel 999: " + cancel.get("state"));
        }
    }

    private static String countText(Map<String, Object> answer) {
        return answer.containsKey("count") ? " (" + answer.get("count") + " payments)" : "";
    }

    /** The JSON a JSON-RPC client needs: objects keep their key order; numbers are Long or Double. */
    static final class Json {
        private final String s;
        private int i;

        private Json(String s) {
            this.s = s;
        }

        static Object parse(String text) {
            Json p = new Json(text);
            Object value = p.value();
            p.space();
            if (p.i != text.length()) {
                throw new IllegalArgumentException("trailing text at " + p.i);
            }
            return value;
        }

        private void space() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }

        private Object value() {
            space();
            char c = s.charAt(i);
            if (c == '{') {
                Map<String, Object> obj = new LinkedHashMap<>();
                i++;
                space();
                if (s.charAt(i) == '}') {
                    i++;
                    return obj;
                }
                while (true) {
                    space();
                    String key = string();
                    space();
                    expect(':');
                    obj.put(key, value());
                    space();
                    if (s.charAt(i++) == '}') {
                        return obj;
                    }
                }
            }
            if (c == '[') {
                List<Object> list = new ArrayList<>();
                i++;
                space();
                if (s.charAt(i) == ']') {
                    i++;
                    return list;
                }
                while (true) {
                    list.add(value());
                    space();
                    if (s.charAt(i++) == ']') {
                        return list;
                    }
                }
            }
            if (c == '"') {
                return string();
            }
            for (String word : new String[] {"true", "false", "null"}) {
                if (s.startsWith(word, i)) {
                    i += word.length();
                    return word.equals("null") ? null : Boolean.valueOf(word);
                }
            }
            int start = i;
            while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
                i++;
            }
            String number = s.substring(start, i);
            if (number.isEmpty()) {
                throw new IllegalArgumentException("unexpected '" + c + "' at " + start);
            }
            return number.matches("-?\\d+") ? (Object) Long.valueOf(number) : (Object) Double.valueOf(number);
        }

        private void expect(char c) {
            if (s.charAt(i++) != c) {
                throw new IllegalArgumentException("expected '" + c + "' at " + (i - 1));
            }
        }

        private String string() {
            expect('"');
            StringBuilder out = new StringBuilder();
            while (true) {
                char c = s.charAt(i++);
                if (c == '"') {
                    return out.toString();
                }
                if (c != '\\') {
                    out.append(c);
                    continue;
                }
                char e = s.charAt(i++);
                switch (e) {
                    case 'n' -> out.append('\n');
                    case 't' -> out.append('\t');
                    case 'r' -> out.append('\r');
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'u' -> {
                        out.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        i += 4;
                    }
                    default -> out.append(e); // \" \\ \/
                }
            }
        }

        static String write(Object v) {
            StringBuilder out = new StringBuilder();
            write(v, out);
            return out.toString();
        }

        private static void write(Object v, StringBuilder out) {
            if (v == null) {
                out.append("null");
            } else if (v instanceof String str) {
                out.append('"');
                for (char c : str.toCharArray()) {
                    if (c == '"' || c == '\\') {
                        out.append('\\').append(c);
                    } else if (c < 0x20 || c > 0x7e) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
                out.append('"');
            } else if (v instanceof Map<?, ?> map) {
                out.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    if (!first) {
                        out.append(',');
                    }
                    first = false;
                    write(String.valueOf(e.getKey()), out);
                    out.append(':');
                    write(e.getValue(), out);
                }
                out.append('}');
            } else if (v instanceof List<?> list) {
                out.append('[');
                for (int k = 0; k < list.size(); k++) {
                    if (k > 0) {
                        out.append(',');
                    }
                    write(list.get(k), out);
                }
                out.append(']');
            } else {
                out.append(v); // Boolean, Long, Integer, Double
            }
        }
    }
}
