package io.granary.node.local;

import io.granary.engine.client.EngineWeb;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Cheap readiness checks over loopback: TCP, ZooKeeper four-letter words, JMX JSON. */
final class Probes {
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private Probes() {}

  static boolean portFree(String host, int port) {
    try (ServerSocket s = new ServerSocket()) {
      s.setReuseAddress(true);
      s.bind(new InetSocketAddress(host, port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  static boolean listening(String host, int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), 500);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  static boolean zookeeperOk(String host, int port) {
    return "imok".equals(fourLetters(host, port, "ruok"));
  }

  /** standalone, leader or follower; null when the server does not serve (e.g. no quorum). */
  static String zookeeperMode(String host, int port) {
    String srvr = fourLetters(host, port, "srvr");
    Matcher m = srvr == null ? null : Pattern.compile("Mode: (\\w+)").matcher(srvr);
    return m != null && m.find() ? m.group(1) : null;
  }

  private static String fourLetters(String host, int port, String word) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), 1000);
      s.setSoTimeout(2000);
      OutputStream out = s.getOutputStream();
      out.write(word.getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = s.getInputStream();
      return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
    } catch (IOException e) {
      return null;
    }
  }

  /** Reads one numeric attribute from a JMX JSON bean; Hadoop and HBase space the colon differently. */
  static OptionalInt jmxInt(String url, String attribute) {
    String body = get(url);
    if (body == null) {
      return OptionalInt.empty();
    }
    Matcher m = Pattern.compile("\"" + Pattern.quote(attribute) + "\"\\s*:\\s*(\\d+)").matcher(body);
    return m.find() ? OptionalInt.of(Integer.parseInt(m.group(1))) : OptionalInt.empty();
  }

  static String jmxString(String url, String attribute) {
    String body = get(url);
    if (body == null) {
      return null;
    }
    Matcher m =
        Pattern.compile("\"" + Pattern.quote(attribute) + "\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"")
            .matcher(body);
    return m.find() ? m.group(1) : null;
  }

  static String get(String url) {
    return EngineWeb.get(HTTP, url, Duration.ofSeconds(5));
  }
}
