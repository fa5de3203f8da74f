package io.granary.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class AgentEventsTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String LAT = "{\"p50\":1.0,\"p90\":2.0,\"p99\":3.5,\"p999\":4.0,\"max\":9.0,\"mean\":1.2}";

  @Test
  void anIntervalKeepsTheOverallFiguresAndEachOperationType() {
    String line = "{\"event\":\"interval\",\"index\":3,\"start\":3.0,\"seconds\":0.5,\"warmup\":false,\"agentCpu\":12.5,"
        + "\"systemCpu\":80.0,\"progress\":0.4,\"ops\":[{\"op\":\"READ\",\"count\":100,\"errors\":1,\"timeouts\":2,"
        + "\"rows\":100,\"bytes\":1000,\"corrected\":" + LAT + ",\"service\":" + LAT + "}],\"all\":{\"op\":\"ALL\","
        + "\"count\":100,\"errors\":1,\"timeouts\":2,\"rows\":100,\"bytes\":1048576,\"corrected\":" + LAT
        + ",\"service\":" + LAT + "}}";
    Interval i = BenchmarkRunner.interval(JSON.readTree(line));
    assertEquals(3, i.index());
    assertEquals(100, i.count());
    assertEquals(200, i.opsPerSec(), 1e-9);
    assertEquals(2, i.mbPerSec(), 1e-9);
    assertEquals(3.5, i.p99CorrectedMs());
    assertTrue(i.perOp().contains("\"errors\":3"), i.perOp());
  }

  @Test
  void theHeadlineIsPerMeasuredSecond() {
    String summary = "{\"event\":\"summary\",\"complete\":false,\"measuredSeconds\":4.0,\"agentCpuMean\":30.0,"
        + "\"agentCpuMax\":50.0,\"ops\":[],\"all\":{\"count\":1000,\"errors\":3,\"timeouts\":1,\"rows\":1000,"
        + "\"bytes\":4194304,\"corrected\":" + LAT + ",\"service\":" + LAT + "}}";
    BenchmarkRepository.Headline h = BenchmarkRunner.headline(JSON.readTree(summary));
    assertEquals(250, h.opsPerSec());
    assertEquals(1, h.mbPerSec());
    assertEquals(3, h.errors());
    assertEquals(false, h.complete());
  }
}
