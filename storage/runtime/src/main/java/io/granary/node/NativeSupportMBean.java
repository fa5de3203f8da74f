package io.granary.node;

/**
 * What each role's JVM reports over JMX as {@code Granary:service=Node,name=NativeSupport}, so
 * the control plane can read it from the role's /jmx web endpoint on any host.
 */
public interface NativeSupportMBean {
  boolean isHadoopNative();

  boolean isIsal();

  String getRsCoder();

  String getXorCoder();

  String getChecksum();

  String getRole();
}
